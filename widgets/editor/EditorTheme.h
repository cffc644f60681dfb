#pragma once
// The editor's colours, light or dark, chosen from the system palette so that the editor follows
// the desktop's theme (and changes with it).
#include <QColor>
#include <QPalette>
#include <QString>

#include <array>

namespace clw::ui {

struct EditorTheme {
    static constexpr int kStyleCount = 18; // OpenClLexer::StyleCount

    QString name; // "light" or "dark"
    QColor paper;
    QColor text;
    std::array<QColor, kStyleCount> styles; // indexed by OpenClLexer::Style
    QColor caretLine;
    QColor caret;
    QColor selection;
    QColor marginPaper;
    QColor marginText;
    QColor foldMargin;
    QColor braceMatchPaper;
    QColor braceMatchText;
    QColor braceBadText;
    QColor indentGuide;
    QColor error;      // squiggle and marker
    QColor warning;    // squiggle and marker
    QColor errorPaper; // annotation background
    QColor warningPaper;
    QColor findMatch; // the find bar's "highlight all"

    static EditorTheme light();
    static EditorTheme dark();
    // Dark when the palette's window colour is darker than its text colour.
    static EditorTheme forPalette(const QPalette& palette);
    bool isDark() const { return name == QLatin1String("dark"); }
};

} // namespace clw::ui
