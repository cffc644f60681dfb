#include "editor/language/DocumentOutline.h"

namespace clw::ui {

namespace {

QString kindName(int kind) {
    switch (kind) {
    case 12:
        return QStringLiteral("function");
    case 23:
        return QStringLiteral("struct");
    case 10:
        return QStringLiteral("enum");
    case 13:
        return QStringLiteral("variable");
    case 14:
        return QStringLiteral("constant");
    case 5:
        return QStringLiteral("type");
    default:
        return {};
    }
}

} // namespace

DocumentOutline::DocumentOutline(QWidget* parent)
    : QComboBox(parent) {
    setObjectName(QStringLiteral("documentOutline"));
    setToolTip(tr("The kernels and functions of this file"));
    // A fixed width: fitting it to the longest name would lay the window out again after every
    // edit that changes the outline.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(28);
    clearSymbols();
    connect(this, &QComboBox::activated, this, [this](int index) {
        const int line = itemData(index).toInt();
        if (line > 0)
            Q_EMIT jumpRequested(line);
    });
}

void DocumentOutline::clearSymbols() {
    m_items.clear();
    clear();
    addItem(tr("Outline"), 0);
}

void DocumentOutline::setSymbols(const QList<SymbolEntry>& symbols, const QStringList& kernels) {
    QList<QPair<QString, int>> items;
    for (const SymbolEntry& symbol : symbols) {
        // Fields, parameters and locals are not places to jump to from the outline.
        const QString kind = kernels.contains(symbol.name) ? tr("kernel") : kindName(symbol.kind);
        if (!kind.isEmpty())
            items.append(
                {QStringLiteral("%1  (%2)").arg(symbol.name, kind), symbol.range.start.line + 1});
    }
    if (items == m_items)
        return; // most edits leave the outline as it was
    m_items = items;
    const QString current = currentIndex() > 0 ? currentText() : QString();
    clearSymbols();
    for (const auto& [text, line] : std::as_const(items))
        addItem(text, line);
    if (const int index = findText(current); index > 0)
        setCurrentIndex(index);
}

} // namespace clw::ui
