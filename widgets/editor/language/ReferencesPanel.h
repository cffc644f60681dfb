#pragma once
// The places the language service found for "Find references" (Shift+F12): one row per place
// with its file, line and the line's text; activating a row jumps there.
#include "editor/language/LspValues.h"

#include <QWidget>

#include <functional>

class QLabel;
class QTreeWidget;

namespace clw::ui {

class ReferencesPanel : public QWidget {
    Q_OBJECT
public:
    // Gives a line's text (1-based) of a file, from its open tab or the disk.
    using LineText = std::function<QString(const QString& path, int line)>;

    explicit ReferencesPanel(QWidget* parent = nullptr);

    void setLineText(LineText lineText) { m_lineText = std::move(lineText); }
    void showReferences(const QString& symbol, const QList<LspLocation>& locations);
    int count() const;
    QTreeWidget* list() const { return m_list; }

Q_SIGNALS:
    // 1-based line, 1-based byte column.
    void jumpRequested(const QString& path, int line, int column);

private:
    QLabel* m_title;
    QTreeWidget* m_list;
    LineText m_lineText;
};

} // namespace clw::ui
