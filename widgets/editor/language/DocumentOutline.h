#pragma once
// The outline of the current file from the language service: its kernels, functions, structs
// and macros in a combo box above the editor; choosing one jumps to it.
#include "editor/language/LspValues.h"

#include <QComboBox>

namespace clw::ui {

class DocumentOutline : public QComboBox {
    Q_OBJECT
public:
    explicit DocumentOutline(QWidget* parent = nullptr);

    // `kernels`: the names that are __kernel functions (listed first, marked).
    void setSymbols(const QList<SymbolEntry>& symbols, const QStringList& kernels);
    void clearSymbols();

Q_SIGNALS:
    // 1-based line.
    void jumpRequested(int line);

private:
    QList<QPair<QString, int>> m_items; // (text, line) shown
};

} // namespace clw::ui
