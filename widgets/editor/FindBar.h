#pragma once
// The editor's find / replace bar: plain text or regular expressions (ECMAScript, through
// Scintilla's C++11 regex), match case, whole words; every match highlighted and counted;
// replace one or all in a single undo step.
#include <QPointer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace clw::ui {

class KernelEditor;

class FindBar : public QWidget {
    Q_OBJECT
public:
    explicit FindBar(QWidget* parent = nullptr);

    // The editor searched (the current tab's); clears the highlights of the previous one.
    void setEditor(KernelEditor* editor);
    KernelEditor* editor() const { return m_editor; }

    // Shows the bar with the editor's selection (or the word at the caret) as the search text.
    void openFind();
    // The same, with the replace row.
    void openReplace();

    bool findNext();
    bool findPrevious();
    // Replaces the current match (when the selection is one) and finds the next.
    bool replaceOne();
    // Replaces every match; returns how many.
    int replaceAll();
    // Matches of the search text in the editor (highlighted), -1 for an invalid expression.
    int matchCount() const { return m_matchCount; }

    QLineEdit* findEdit() const { return m_findEdit; }
    QLineEdit* replaceEdit() const { return m_replaceEdit; }
    QCheckBox* regexBox() const { return m_regex; }
    QCheckBox* caseBox() const { return m_case; }
    QCheckBox* wordBox() const { return m_word; }
    QString statusText() const;

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    bool find(bool forward);
    bool validExpression();
    int searchFlags() const;
    void highlightMatches();
    void clearHighlights();
    void setReplaceVisible(bool visible);

    QPointer<KernelEditor> m_editor;
    QLineEdit* m_findEdit;
    QLineEdit* m_replaceEdit;
    QCheckBox* m_regex;
    QCheckBox* m_case;
    QCheckBox* m_word;
    QLabel* m_status;
    QWidget* m_replaceRow;
    int m_matchCount = 0;
};

} // namespace clw::ui
