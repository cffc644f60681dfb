#pragma once
// An OpenCL C lexer for QScintilla: styles keywords, scalar / vector / image types, address-space
// and access qualifiers, attributes, builtin functions and constants, preprocessor directives,
// comments, strings and numbers, each distinctly, and sets fold levels (braces, block comments,
// #if ... #endif). QsciLexerCPP has only three keyword classes, too few for OpenCL's.
#include <QColor>
#include <QFont>

#include <Qsci/qscilexercustom.h>

namespace clw::ui {

struct EditorTheme;

class OpenClLexer : public QsciLexerCustom {
    Q_OBJECT
public:
    // Style numbers (stable: tests and themes use them).
    enum Style {
        Default = 0,
        Comment,     // /* ... */
        CommentLine, // // ...
        Number,
        Keyword,
        Type,            // scalar types
        VectorType,      // float4, uchar16
        ImageType,       // image2d_t, sampler_t, event_t, pipe
        AddressSpace,    // __global, local, ...
        AccessQualifier, // read_only, ...
        Attribute,       // __attribute__ and reqd_work_group_size, ...
        Builtin,         // builtin functions
        Constant,        // builtin constants and macros
        Preprocessor,    // #include, #define, #pragma ...
        String,          // "..." and <header> after #include
        Character,       // '...'
        Operator,
        Identifier,
        StyleCount
    };

    explicit OpenClLexer(QObject* parent = nullptr);

    const char* language() const override { return "OpenCL C"; }
    QString description(int style) const override;
    void styleText(int start, int end) override;

    QColor defaultColor(int style) const override;
    QColor defaultPaper(int style) const override;
    QFont defaultFont(int style) const override;
    const char* wordCharacters() const override;
    int braceStyle() const override { return Operator; }
    const char* blockStart(int* style = nullptr) const override;
    const char* blockEnd(int* style = nullptr) const override;

    // Sets every style's colours and the font from a theme (the editor calls it when the system
    // palette changes).
    void applyTheme(const EditorTheme& theme, const QFont& font);

private:
    QColor m_defaultColors[StyleCount];
    QColor m_defaultPaper;
    QFont m_defaultFont;
};

} // namespace clw::ui
