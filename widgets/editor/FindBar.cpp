#include "editor/FindBar.h"

#include "editor/KernelEditor.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QToolButton>

namespace clw::ui {

namespace {
constexpr int kMaxHighlights = 10000; // beyond this the count says "10000+"

QToolButton* button(const QString& text, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setAutoRaise(true);
    return b;
}
} // namespace

FindBar::FindBar(QWidget* parent)
    : QWidget(parent)
    , m_findEdit(new QLineEdit(this))
    , m_replaceEdit(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_case(new QCheckBox(tr("Case"), this))
    , m_word(new QCheckBox(tr("Words"), this))
    , m_status(new QLabel(this))
    , m_replaceRow(new QWidget(this)) {
    setObjectName(QStringLiteral("findBar"));
    m_findEdit->setObjectName(QStringLiteral("findText"));
    m_findEdit->setPlaceholderText(tr("Find"));
    m_findEdit->setClearButtonEnabled(true);
    m_replaceEdit->setObjectName(QStringLiteral("replaceText"));
    m_replaceEdit->setPlaceholderText(tr("Replace (\\1 for a captured group with Regex)"));
    m_regex->setToolTip(tr("Regular expression (ECMAScript syntax)"));
    m_case->setToolTip(tr("Match case"));
    m_word->setToolTip(tr("Whole words only"));

    auto* previous = button(tr("Previous"), this);
    auto* next = button(tr("Next"), this);
    auto* close = button(QStringLiteral("\u2715"), this);
    close->setToolTip(tr("Close (Esc)"));
    auto* replace = button(tr("Replace"), m_replaceRow);
    auto* replaceAllButton = button(tr("Replace all"), m_replaceRow);

    auto* findRow = new QHBoxLayout;
    findRow->addWidget(m_findEdit, 1);
    findRow->addWidget(previous);
    findRow->addWidget(next);
    findRow->addWidget(m_regex);
    findRow->addWidget(m_case);
    findRow->addWidget(m_word);
    findRow->addWidget(m_status);
    findRow->addWidget(close);
    auto* replaceLayout = new QHBoxLayout(m_replaceRow);
    replaceLayout->setContentsMargins(0, 0, 0, 0);
    replaceLayout->addWidget(m_replaceEdit, 1);
    replaceLayout->addWidget(replace);
    replaceLayout->addWidget(replaceAllButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);
    layout->addLayout(findRow);
    layout->addWidget(m_replaceRow);

    connect(m_findEdit, &QLineEdit::returnPressed, this, &FindBar::findNext);
    connect(m_findEdit, &QLineEdit::textChanged, this, &FindBar::highlightMatches);
    connect(m_replaceEdit, &QLineEdit::returnPressed, this, &FindBar::replaceOne);
    for (QCheckBox* box : {m_regex, m_case, m_word})
        connect(box, &QCheckBox::toggled, this, &FindBar::highlightMatches);
    connect(next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(replace, &QToolButton::clicked, this, &FindBar::replaceOne);
    connect(replaceAllButton, &QToolButton::clicked, this, &FindBar::replaceAll);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    hide();
}

void FindBar::setEditor(KernelEditor* editor) {
    if (m_editor == editor)
        return;
    clearHighlights();
    m_editor = editor;
    if (isVisible())
        highlightMatches();
}

void FindBar::openFind() {
    setReplaceVisible(false);
    if (m_editor) {
        QString seed = m_editor->selectedText();
        if (seed.isEmpty() || seed.contains(QLatin1Char('\n'))) {
            int line = 0, index = 0;
            m_editor->getCursorPosition(&line, &index);
            seed = m_editor->wordAtLineIndex(line, index);
        }
        if (!seed.isEmpty() && !seed.contains(QLatin1Char('\n')))
            m_findEdit->setText(m_regex->isChecked() ? QRegularExpression::escape(seed) : seed);
    }
    show();
    m_findEdit->setFocus();
    m_findEdit->selectAll();
    highlightMatches();
}

void FindBar::openReplace() {
    openFind();
    setReplaceVisible(true);
}

void FindBar::setReplaceVisible(bool visible) {
    m_replaceRow->setVisible(visible);
}

bool FindBar::validExpression() {
    if (!m_regex->isChecked())
        return true;
    // Scintilla's std::regex and QRegularExpression agree on what is malformed in practice;
    // checking here gives the person a message instead of a silent "not found".
    const QRegularExpression expression(m_findEdit->text());
    if (expression.isValid())
        return true;
    m_matchCount = -1;
    m_status->setText(tr("Invalid expression: %1").arg(expression.errorString()));
    return false;
}

int FindBar::searchFlags() const {
    int flags = 0;
    if (m_regex->isChecked())
        flags |= QsciScintilla::SCFIND_REGEXP | QsciScintilla::SCFIND_CXX11REGEX;
    if (m_case->isChecked())
        flags |= QsciScintilla::SCFIND_MATCHCASE;
    if (m_word->isChecked())
        flags |= QsciScintilla::SCFIND_WHOLEWORD;
    return flags;
}

bool FindBar::find(bool forward) {
    if (!m_editor || m_findEdit->text().isEmpty() || !validExpression())
        return false;
    int line = -1, index = -1;
    if (!forward && m_editor->hasSelectedText()) {
        // Backwards from the start of the current match, not from the caret after it.
        int lineTo = 0, indexTo = 0;
        m_editor->getSelection(&line, &index, &lineTo, &indexTo);
    }
    const bool found = m_editor->findFirst(m_findEdit->text(), m_regex->isChecked(),
                                           m_case->isChecked(), m_word->isChecked(),
                                           /*wrap=*/true, forward, line, index, /*show=*/true,
                                           /*posix=*/false, /*cxx11=*/true);
    if (!found)
        m_status->setText(tr("Not found"));
    return found;
}

bool FindBar::findNext() {
    return find(true);
}

bool FindBar::findPrevious() {
    return find(false);
}

bool FindBar::replaceOne() {
    if (!m_editor || !validExpression())
        return false;
    // The selection is a match when the last find made it; otherwise find one first.
    if (!m_editor->hasSelectedText() && !findNext())
        return false;
    m_editor->replace(m_replaceEdit->text());
    highlightMatches();
    return findNext();
}

int FindBar::replaceAll() {
    if (!m_editor || m_findEdit->text().isEmpty() || !validExpression())
        return 0;
    int count = 0;
    m_editor->beginUndoAction();
    bool found = m_editor->findFirst(m_findEdit->text(), m_regex->isChecked(), m_case->isChecked(),
                                     m_word->isChecked(), /*wrap=*/false, /*forward=*/true, 0, 0,
                                     /*show=*/false, false, true);
    int lastStart = -1;
    while (found && count < kMaxHighlights) {
        int lineFrom = 0, indexFrom = 0, lineTo = 0, indexTo = 0;
        m_editor->getSelection(&lineFrom, &indexFrom, &lineTo, &indexTo);
        const int start = m_editor->positionFromLineIndex(lineFrom, indexFrom);
        if (start == lastStart && lineFrom == lineTo && indexFrom == indexTo)
            break; // an empty match that does not advance: stop rather than loop forever
        lastStart = start;
        m_editor->replace(m_replaceEdit->text());
        ++count;
        found = m_editor->findNext();
    }
    m_editor->endUndoAction();
    highlightMatches();
    m_status->setText(tr("%1 replaced").arg(count));
    return count;
}

void FindBar::clearHighlights() {
    if (!m_editor)
        return;
    m_editor->SendScintilla(QsciScintilla::SCI_SETINDICATORCURRENT, KernelEditor::kFindIndicator);
    m_editor->SendScintilla(QsciScintilla::SCI_INDICATORCLEARRANGE, 0,
                            m_editor->SendScintilla(QsciScintilla::SCI_GETLENGTH));
}

void FindBar::highlightMatches() {
    clearHighlights();
    m_matchCount = 0;
    m_status->clear();
    if (!m_editor || m_findEdit->text().isEmpty() || !validExpression())
        return;
    // Scintilla's own search gives byte positions, and counts what findNext would find.
    const QByteArray pattern = m_findEdit->text().toUtf8();
    const long length = m_editor->SendScintilla(QsciScintilla::SCI_GETLENGTH);
    m_editor->SendScintilla(QsciScintilla::SCI_SETSEARCHFLAGS, searchFlags());
    long from = 0;
    while (from <= length && m_matchCount < kMaxHighlights) {
        m_editor->SendScintilla(QsciScintilla::SCI_SETTARGETRANGE, from, length);
        const long start = m_editor->SendScintilla(QsciScintilla::SCI_SEARCHINTARGET,
                                                   pattern.size(), pattern.constData());
        if (start < 0)
            break;
        const long end = m_editor->SendScintilla(QsciScintilla::SCI_GETTARGETEND);
        m_editor->SendScintilla(QsciScintilla::SCI_INDICATORFILLRANGE, start, end - start);
        ++m_matchCount;
        from = end > start ? end : start + 1;
    }
    m_status->setText(
        m_matchCount >= kMaxHighlights
            ? tr("%1+ matches").arg(kMaxHighlights)
            : (m_matchCount == 1 ? tr("1 match") : tr("%1 matches").arg(m_matchCount)));
}

QString FindBar::statusText() const {
    return m_status->text();
}

void FindBar::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        hide();
        if (m_editor)
            m_editor->setFocus();
        return;
    }
    QWidget::keyPressEvent(event);
}

void FindBar::hideEvent(QHideEvent* event) {
    clearHighlights();
    QWidget::hideEvent(event);
}

} // namespace clw::ui
