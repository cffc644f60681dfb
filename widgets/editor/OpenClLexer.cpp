#include "editor/OpenClLexer.h"

#include "editor/EditorTheme.h"
#include "editor/OpenClWords.h"

#include <QByteArray>

#include <Qsci/qsciscintilla.h>

namespace clw::ui {

namespace {

// What a line leaves behind for the next one, kept in Scintilla's per-line state.
constexpr int kInBlockComment = 1;
constexpr int kDepthShift = 8; // fold depth (braces, block comments, #if) in the upper bits

bool isWordStart(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool isWordChar(unsigned char c) {
    return isWordStart(c) || (c >= '0' && c <= '9');
}
bool isDigit(unsigned char c) {
    return c >= '0' && c <= '9';
}

int styleForWord(OpenClWords::Kind kind) {
    using K = OpenClWords::Kind;
    switch (kind) {
    case K::Keyword:
        return OpenClLexer::Keyword;
    case K::Type:
        return OpenClLexer::Type;
    case K::VectorType:
        return OpenClLexer::VectorType;
    case K::ImageType:
        return OpenClLexer::ImageType;
    case K::AddressSpace:
        return OpenClLexer::AddressSpace;
    case K::AccessQualifier:
        return OpenClLexer::AccessQualifier;
    case K::Attribute:
        return OpenClLexer::Attribute;
    case K::Builtin:
        return OpenClLexer::Builtin;
    case K::Constant:
        return OpenClLexer::Constant;
    case K::Identifier:
        break;
    }
    return OpenClLexer::Identifier;
}

// Styles one line (without its line end) and tracks block comments and fold depth.
class LineStyler {
public:
    LineStyler(const QByteArray& text, int begin, int end, bool inComment, int depth)
        : m_text(text)
        , m_end(end)
        , m_pos(begin)
        , m_inComment(inComment)
        , m_depth(depth) {}

    // Calls sink(length, style) for consecutive runs covering [begin, end).
    template <class Sink>
    void run(Sink&& sink) {
        bool lineStart = true;
        int attributeParens = -1; // >= 0 inside __attribute__((...))
        while (m_pos < m_end) {
            const int from = m_pos;
            const unsigned char c = at(m_pos);
            int style = OpenClLexer::Default;
            if (m_inComment) {
                style = OpenClLexer::Comment;
                closeComment();
            } else if (c == ' ' || c == '\t' || c == '\r') {
                ++m_pos;
            } else if (c == '/' && at(m_pos + 1) == '/') {
                style = OpenClLexer::CommentLine;
                m_pos = m_end;
            } else if (c == '/' && at(m_pos + 1) == '*') {
                style = OpenClLexer::Comment;
                m_pos += 2;
                m_inComment = true;
                ++m_depth;
                closeComment();
            } else if (c == '#' && lineStart) {
                style = OpenClLexer::Preprocessor;
                directive(sink);
                lineStart = false;
                continue;
            } else if (c == '"' || c == '\'') {
                style = c == '"' ? OpenClLexer::String : OpenClLexer::Character;
                quoted(char(c));
            } else if (isDigit(c) || (c == '.' && isDigit(at(m_pos + 1)))) {
                style = OpenClLexer::Number;
                number();
            } else if (isWordStart(c)) {
                while (m_pos < m_end && isWordChar(at(m_pos)))
                    ++m_pos;
                const QString word = QString::fromUtf8(m_text.constData() + from, m_pos - from);
                if (attributeParens > 0 && OpenClWords::isAttributeName(word)) {
                    style = OpenClLexer::Attribute;
                } else {
                    const OpenClWords::Kind kind = OpenClWords::classify(word);
                    style = styleForWord(kind);
                    if (kind == OpenClWords::Kind::Attribute)
                        attributeParens = 0;
                }
            } else {
                style = OpenClLexer::Operator;
                ++m_pos;
                if (c == '{')
                    ++m_depth;
                else if (c == '}' && m_depth > 0)
                    --m_depth;
                else if (c == '(' && attributeParens >= 0)
                    ++attributeParens;
                else if (c == ')' && attributeParens > 0 && --attributeParens == 0)
                    attributeParens = -1;
            }
            if (style != OpenClLexer::Default || (c != ' ' && c != '\t' && c != '\r'))
                lineStart = false;
            sink(m_pos - from, style);
        }
    }

    bool inComment() const { return m_inComment; }
    int depth() const { return m_depth; }

private:
    unsigned char at(int i) const { return i < m_end ? uchar(m_text[i]) : 0; }

    void closeComment() {
        while (m_pos < m_end) {
            if (at(m_pos) == '*' && at(m_pos + 1) == '/') {
                m_pos += 2;
                m_inComment = false;
                if (m_depth > 0)
                    --m_depth;
                return;
            }
            ++m_pos;
        }
    }

    void quoted(char quote) {
        ++m_pos;
        while (m_pos < m_end) {
            const char c = char(at(m_pos++));
            if (c == '\\')
                ++m_pos;
            else if (c == quote)
                return;
        }
        m_pos = std::min(m_pos, m_end);
    }

    void number() {
        while (m_pos < m_end) {
            const unsigned char c = at(m_pos);
            const unsigned char prev = at(m_pos - 1);
            if (isWordChar(c) || c == '.' ||
                ((c == '+' || c == '-') &&
                 (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')))
                ++m_pos;
            else
                break;
        }
    }

    // "#  include <x.h>": the directive word is Preprocessor, an include's file name String, and
    // the rest of the line is lexed as code (macro bodies stay highlighted).
    template <class Sink>
    void directive(Sink&& sink) {
        const int from = m_pos++;
        while (m_pos < m_end && (at(m_pos) == ' ' || at(m_pos) == '\t'))
            ++m_pos;
        const int wordFrom = m_pos;
        while (m_pos < m_end && isWordChar(at(m_pos)))
            ++m_pos;
        const QByteArray word = m_text.mid(wordFrom, m_pos - wordFrom);
        sink(m_pos - from, OpenClLexer::Preprocessor);
        if (word == "if" || word == "ifdef" || word == "ifndef")
            ++m_depth;
        else if (word == "endif" && m_depth > 0)
            --m_depth;
        if (word == "include") {
            const int spaceFrom = m_pos;
            while (m_pos < m_end && (at(m_pos) == ' ' || at(m_pos) == '\t'))
                ++m_pos;
            if (m_pos > spaceFrom)
                sink(m_pos - spaceFrom, OpenClLexer::Default);
            if (at(m_pos) == '<' || at(m_pos) == '"') {
                const char close = at(m_pos) == '<' ? '>' : '"';
                const int nameFrom = m_pos++;
                while (m_pos < m_end && at(m_pos) != close)
                    ++m_pos;
                m_pos = std::min(m_pos + 1, m_end);
                sink(m_pos - nameFrom, OpenClLexer::String);
            }
        }
    }

    const QByteArray& m_text;
    int m_end;
    int m_pos;
    bool m_inComment;
    int m_depth;
};

} // namespace

OpenClLexer::OpenClLexer(QObject* parent)
    : QsciLexerCustom(parent) {
    const EditorTheme theme = EditorTheme::light();
    for (int style = 0; style < StyleCount; ++style)
        m_defaultColors[style] = theme.styles[size_t(style)];
    m_defaultPaper = theme.paper;
    m_defaultFont = QFont(QStringLiteral("Monospace"));
    m_defaultFont.setStyleHint(QFont::TypeWriter);
}

QString OpenClLexer::description(int style) const {
    switch (style) {
    case Default:
        return tr("Default");
    case Comment:
        return tr("Comment");
    case CommentLine:
        return tr("Line comment");
    case Number:
        return tr("Number");
    case Keyword:
        return tr("Keyword");
    case Type:
        return tr("Type");
    case VectorType:
        return tr("Vector type");
    case ImageType:
        return tr("Image, sampler and other opaque types");
    case AddressSpace:
        return tr("Address-space qualifier");
    case AccessQualifier:
        return tr("Access qualifier");
    case Attribute:
        return tr("Attribute");
    case Builtin:
        return tr("Builtin function");
    case Constant:
        return tr("Builtin constant");
    case Preprocessor:
        return tr("Preprocessor");
    case String:
        return tr("String");
    case Character:
        return tr("Character");
    case Operator:
        return tr("Operator");
    case Identifier:
        return tr("Identifier");
    default:
        return {};
    }
}

QColor OpenClLexer::defaultColor(int style) const {
    return style >= 0 && style < StyleCount ? m_defaultColors[style] : m_defaultColors[Default];
}

QColor OpenClLexer::defaultPaper(int) const {
    return m_defaultPaper;
}

QFont OpenClLexer::defaultFont(int style) const {
    QFont font = m_defaultFont;
    font.setBold(style == Keyword || style == Preprocessor);
    font.setItalic(style == Comment || style == CommentLine);
    return font;
}

const char* OpenClLexer::wordCharacters() const {
    return "_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
}

const char* OpenClLexer::blockStart(int* style) const {
    if (style)
        *style = Operator;
    return "{";
}

const char* OpenClLexer::blockEnd(int* style) const {
    if (style)
        *style = Operator;
    return "}";
}

void OpenClLexer::applyTheme(const EditorTheme& theme, const QFont& font) {
    m_defaultFont = font;
    m_defaultPaper = theme.paper;
    for (int style = 0; style < StyleCount; ++style) {
        m_defaultColors[style] = theme.styles[size_t(style)];
        setColor(theme.styles[size_t(style)], style);
        setPaper(theme.paper, style);
        setFont(defaultFont(style), style);
    }
    setDefaultColor(theme.text);
    setDefaultPaper(theme.paper);
    setDefaultFont(font);
}

void OpenClLexer::styleText(int start, int end) {
    QsciScintilla* sci = editor();
    if (!sci || end <= start)
        return;
    // Restart at a line start with the state the previous line left.
    const int firstLine = int(sci->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, start));
    const int lastLine = int(sci->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, end - 1));
    start = int(sci->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, firstLine));
    end = int(sci->SendScintilla(QsciScintilla::SCI_GETLINEENDPOSITION, lastLine));
    const int docEnd = int(sci->SendScintilla(QsciScintilla::SCI_GETLENGTH));
    const int styledEnd = std::min(
        docEnd, lastLine + 1 < sci->lines()
                    ? int(sci->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, lastLine + 1))
                    : docEnd);
    // Scintilla writes a terminating NUL after the range.
    QByteArray text(styledEnd - start + 1, '\0');
    sci->SendScintilla(QsciScintilla::SCI_GETTEXTRANGE, start, styledEnd, text.data());
    text.chop(1);

    int state =
        firstLine > 0 ? int(sci->SendScintilla(QsciScintilla::SCI_GETLINESTATE, firstLine - 1)) : 0;
    startStyling(start);
    for (int line = firstLine; line <= lastLine; ++line) {
        const int lineBegin =
            int(sci->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line)) - start;
        const int lineEnd =
            int(sci->SendScintilla(QsciScintilla::SCI_GETLINEENDPOSITION, line)) - start;
        const int nextBegin =
            line + 1 < sci->lines()
                ? int(sci->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line + 1)) - start
                : lineEnd;
        const int depthBefore = state >> kDepthShift;
        LineStyler styler(text, lineBegin, lineEnd, state & kInBlockComment, depthBefore);
        styler.run([this](int length, int style) {
            if (length > 0)
                setStyling(length, style);
        });
        // The line end takes the style of an open comment, so that it reads as one block.
        if (nextBegin > lineEnd)
            setStyling(nextBegin - lineEnd, styler.inComment() ? Comment : Default);
        state = (styler.depth() << kDepthShift) | (styler.inComment() ? kInBlockComment : 0);
        sci->SendScintilla(QsciScintilla::SCI_SETLINESTATE, line, state);
        int level = QsciScintilla::SC_FOLDLEVELBASE + depthBefore;
        if (styler.depth() > depthBefore)
            level |= QsciScintilla::SC_FOLDLEVELHEADERFLAG;
        sci->SendScintilla(QsciScintilla::SCI_SETFOLDLEVEL, line, level);
    }
}

} // namespace clw::ui
