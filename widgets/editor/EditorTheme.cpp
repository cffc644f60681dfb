#include "editor/EditorTheme.h"

#include "editor/OpenClLexer.h"

namespace clw::ui {

static_assert(EditorTheme::kStyleCount == OpenClLexer::StyleCount,
              "EditorTheme has one colour per lexer style");

EditorTheme EditorTheme::light() {
    EditorTheme t;
    t.name = QStringLiteral("light");
    t.paper = QColor(0xff, 0xff, 0xff);
    t.text = QColor(0x1f, 0x1f, 0x1f);
    using S = OpenClLexer;
    t.styles.fill(t.text);
    t.styles[S::Comment] = QColor(0x6a, 0x73, 0x7d);
    t.styles[S::CommentLine] = QColor(0x6a, 0x73, 0x7d);
    t.styles[S::Number] = QColor(0x09, 0x86, 0x58);
    t.styles[S::Keyword] = QColor(0x00, 0x00, 0xc0);
    t.styles[S::Type] = QColor(0x26, 0x7f, 0x99);
    t.styles[S::VectorType] = QColor(0x00, 0x70, 0x70);
    t.styles[S::ImageType] = QColor(0x80, 0x40, 0x00);
    t.styles[S::AddressSpace] = QColor(0xaf, 0x00, 0xdb);
    t.styles[S::AccessQualifier] = QColor(0xc0, 0x40, 0x80);
    t.styles[S::Attribute] = QColor(0x80, 0x80, 0x00);
    t.styles[S::Builtin] = QColor(0x79, 0x5e, 0x26);
    t.styles[S::Constant] = QColor(0x00, 0x55, 0xaa);
    t.styles[S::Preprocessor] = QColor(0x80, 0x00, 0x40);
    t.styles[S::String] = QColor(0xa3, 0x15, 0x15);
    t.styles[S::Character] = QColor(0xa3, 0x15, 0x15);
    t.styles[S::Operator] = QColor(0x33, 0x33, 0x33);
    t.caretLine = QColor(0xf2, 0xf6, 0xfc);
    t.caret = QColor(0x00, 0x00, 0x00);
    t.selection = QColor(0xad, 0xd6, 0xff);
    t.marginPaper = QColor(0xf3, 0xf3, 0xf3);
    t.marginText = QColor(0x80, 0x80, 0x80);
    t.foldMargin = QColor(0xf8, 0xf8, 0xf8);
    t.braceMatchPaper = QColor(0xd8, 0xf0, 0xd8);
    t.braceMatchText = QColor(0x00, 0x60, 0x00);
    t.braceBadText = QColor(0xd0, 0x00, 0x00);
    t.indentGuide = QColor(0xd0, 0xd0, 0xd0);
    t.error = QColor(0xe0, 0x10, 0x10);
    t.warning = QColor(0xd0, 0x80, 0x00);
    t.errorPaper = QColor(0xfd, 0xe7, 0xe7);
    t.warningPaper = QColor(0xfd, 0xf3, 0xdc);
    t.findMatch = QColor(0xff, 0xe0, 0x60);
    return t;
}

EditorTheme EditorTheme::dark() {
    EditorTheme t;
    t.name = QStringLiteral("dark");
    t.paper = QColor(0x1e, 0x1e, 0x1e);
    t.text = QColor(0xd4, 0xd4, 0xd4);
    using S = OpenClLexer;
    t.styles.fill(t.text);
    t.styles[S::Comment] = QColor(0x6a, 0x99, 0x55);
    t.styles[S::CommentLine] = QColor(0x6a, 0x99, 0x55);
    t.styles[S::Number] = QColor(0xb5, 0xce, 0xa8);
    t.styles[S::Keyword] = QColor(0x56, 0x9c, 0xd6);
    t.styles[S::Type] = QColor(0x4e, 0xc9, 0xb0);
    t.styles[S::VectorType] = QColor(0x3d, 0xd6, 0xd0);
    t.styles[S::ImageType] = QColor(0xe0, 0xa0, 0x60);
    t.styles[S::AddressSpace] = QColor(0xc5, 0x86, 0xc0);
    t.styles[S::AccessQualifier] = QColor(0xe0, 0x80, 0xb0);
    t.styles[S::Attribute] = QColor(0xd7, 0xba, 0x7d);
    t.styles[S::Builtin] = QColor(0xdc, 0xdc, 0xaa);
    t.styles[S::Constant] = QColor(0x9c, 0xdc, 0xfe);
    t.styles[S::Preprocessor] = QColor(0xc5, 0x86, 0x86);
    t.styles[S::String] = QColor(0xce, 0x91, 0x78);
    t.styles[S::Character] = QColor(0xce, 0x91, 0x78);
    t.styles[S::Operator] = QColor(0xd4, 0xd4, 0xd4);
    t.caretLine = QColor(0x2a, 0x2d, 0x2e);
    t.caret = QColor(0xae, 0xaf, 0xad);
    t.selection = QColor(0x26, 0x4f, 0x78);
    t.marginPaper = QColor(0x25, 0x25, 0x26);
    t.marginText = QColor(0x85, 0x85, 0x85);
    t.foldMargin = QColor(0x25, 0x25, 0x26);
    t.braceMatchPaper = QColor(0x3a, 0x4a, 0x3a);
    t.braceMatchText = QColor(0xa0, 0xf0, 0xa0);
    t.braceBadText = QColor(0xff, 0x60, 0x60);
    t.indentGuide = QColor(0x40, 0x40, 0x40);
    t.error = QColor(0xf4, 0x47, 0x47);
    t.warning = QColor(0xe0, 0xb0, 0x40);
    t.errorPaper = QColor(0x4b, 0x1f, 0x1f);
    t.warningPaper = QColor(0x4a, 0x3d, 0x1a);
    t.findMatch = QColor(0x61, 0x5a, 0x20);
    return t;
}

EditorTheme EditorTheme::forPalette(const QPalette& palette) {
    const QColor window = palette.color(QPalette::Window);
    const QColor text = palette.color(QPalette::WindowText);
    return window.lightness() < text.lightness() ? dark() : light();
}

} // namespace clw::ui
