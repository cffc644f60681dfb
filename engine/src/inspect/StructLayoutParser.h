#pragma once
// Reads OpenCL C type declarations into an ElementLayout (ElementLayout::parse). A small parser of
// its own rather than the signature parser's TypeParser: that one works out sizes only, while the
// inspector needs every member's offset and name. Internal to the engine.
#include "clw/engine/inspect/ElementLayout.h"

#include "LayoutLexer.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

class StructLayoutParser {
public:
    explicit StructLayoutParser(std::string_view text);
    // The layout of the last declaration; throws LayoutError.
    ElementLayout parse();

private:
    using Token = LayoutToken;
    // A type as the parser builds it: columns relative to its start, names relative to it.
    struct Type {
        std::string name;
        std::vector<ElementColumn> columns;
        size_t size = 0;
        size_t align = 1;
    };
    struct Attributes {
        bool packed = false;
        size_t aligned = 0; // 0: none written
    };

    const Token& peek(size_t ahead = 0) const;
    Token next();
    bool accept(std::string_view text);
    void expect(std::string_view text);
    [[noreturn]] void fail(const std::string& message, const Token& at) const;
    static std::string tooManyColumns();

    Type parseDeclaration();
    Type parseSpecifiers();
    Type parseAggregate(bool isUnion);
    Type parseArithmetic();
    Type namedType(const Token& word);
    Attributes parseAttributes();
    // `name[2][3]` after a type: the name (empty when there is none) and the array type.
    Type parseDeclarator(const Type& base, std::string& name);
    size_t parseConstant();

    static Type scalarType(ScalarType scalar, int width, std::string name);
    static Type arrayOf(const Type& element, size_t count);

    std::vector<Token> m_tokens;
    size_t m_pos = 0;
    std::map<std::string, Type> m_typedefs;   // name -> type
    std::map<std::string, Type> m_aggregates; // "struct P" -> type
    static constexpr int kMaxNesting = 64;
    int m_nesting = 0; // struct and union definitions open around the parser
};

} // namespace clw::engine
