#include "StructLayoutParser.h"

#include "clw/engine/inspect/LayoutError.h"

#include <algorithm>
#include <charconv>

namespace clw::engine {

namespace {

size_t roundUp(size_t value, size_t align) {
    return align > 1 ? (value + align - 1) / align * align : value;
}

std::string joinName(const std::string& prefix, const std::string& sub) {
    if (sub.empty())
        return prefix;
    if (prefix.empty() || sub.front() == '[')
        return prefix + sub;
    return prefix + "." + sub;
}

} // namespace

StructLayoutParser::StructLayoutParser(std::string_view text)
    : m_tokens(tokenizeLayout(text)) {}

const StructLayoutParser::Token& StructLayoutParser::peek(size_t ahead) const {
    return m_tokens[std::min(m_pos + ahead, m_tokens.size() - 1)];
}

StructLayoutParser::Token StructLayoutParser::next() {
    Token token = peek();
    if (m_pos < m_tokens.size() - 1)
        ++m_pos;
    return token;
}

bool StructLayoutParser::accept(std::string_view text) {
    if (peek().kind != Token::End && peek().text == text) {
        ++m_pos;
        return true;
    }
    return false;
}

void StructLayoutParser::expect(std::string_view text) {
    if (!accept(text))
        fail("expected '" + std::string(text) + "'", peek());
}

void StructLayoutParser::fail(const std::string& message, const Token& at) const {
    const std::string found = at.kind == Token::End ? "end of text" : "'" + at.text + "'";
    throw LayoutError(message + " (found " + found + ")", at.column);
}

ElementLayout StructLayoutParser::parse() {
    if (peek().kind == Token::Word && peek().text == "hex") {
        next();
        size_t perRow = 16;
        if (peek().kind == Token::Number)
            perRow = parseConstant();
        if (peek().kind != Token::End)
            fail("nothing may follow 'hex N'", peek());
        return ElementLayout::hex(perRow);
    }
    if (peek().kind == Token::End)
        throw LayoutError(
            "no type given: write one, e.g. float4 or struct { float3 pos; uint id; }");
    Type last;
    bool any = false;
    while (peek().kind != Token::End) {
        if (accept(";"))
            continue;
        last = parseDeclaration();
        any = true;
    }
    if (!any || last.size == 0)
        throw LayoutError("the declaration has no type with a size");
    std::vector<ElementColumn> columns = last.columns;
    for (ElementColumn& column : columns)
        if (column.name.empty())
            column.name = "value";
    return ElementLayout(last.name, std::move(columns), last.size, last.align);
}

StructLayoutParser::Type StructLayoutParser::parseDeclaration() {
    const bool isTypedef = accept("typedef");
    Type type = parseSpecifiers();
    if (peek().kind == Token::Word || peek().text == "*") {
        std::string name;
        Type declared = parseDeclarator(type, name);
        if (isTypedef) {
            declared.name = name;
            m_typedefs[name] = declared;
        }
        type = declared;
        if (!isTypedef)
            type.name = declared.name;
    } else if (isTypedef) {
        fail("a typedef needs a name", peek());
    }
    if (peek().kind != Token::End)
        expect(";");
    return type;
}

StructLayoutParser::Type StructLayoutParser::parseSpecifiers() {
    while (peek().kind == Token::Word && isIgnoredLayoutWord(peek().text))
        next();
    const Token& word = peek();
    if (word.kind != Token::Word)
        fail("expected a type", word);
    if (word.text == "struct" || word.text == "union") {
        next();
        Type type = parseAggregate(word.text == "union");
        while (peek().kind == Token::Word && isIgnoredLayoutWord(peek().text))
            next();
        return type;
    }
    if (word.text == "enum") {
        next();
        if (peek().kind == Token::Word)
            next();
        if (accept("{")) {
            while (peek().kind != Token::End && !accept("}"))
                next();
        }
        return scalarType(ScalarType::Int, 1, "int"); // OpenCL C enums are int-sized
    }
    if (isArithmeticLayoutWord(word.text))
        return parseArithmetic();
    const Token token = next();
    Type type = namedType(token);
    while (peek().kind == Token::Word && isIgnoredLayoutWord(peek().text))
        next();
    return type;
}

StructLayoutParser::Type StructLayoutParser::parseArithmetic() {
    const Token first = peek();
    std::map<std::string, int> words;
    while (peek().kind == Token::Word &&
           (isArithmeticLayoutWord(peek().text) || isIgnoredLayoutWord(peek().text))) {
        const Token token = next();
        if (isArithmeticLayoutWord(token.text))
            ++words[token.text];
    }
    const bool isUnsigned = words.count("unsigned") > 0;
    const auto has = [&](const char* w) { return words.count(w) > 0; };
    ScalarType type = ScalarType::Int;
    if (has("float"))
        type = ScalarType::Float;
    else if (has("double"))
        type = ScalarType::Double;
    else if (has("half"))
        type = ScalarType::Half;
    else if (has("bool"))
        type = ScalarType::Bool;
    else if (has("char"))
        type = isUnsigned ? ScalarType::UChar : ScalarType::Char;
    else if (has("short"))
        type = isUnsigned ? ScalarType::UShort : ScalarType::Short;
    else if (has("long"))
        type = isUnsigned ? ScalarType::ULong : ScalarType::Long;
    else
        type = isUnsigned ? ScalarType::UInt : ScalarType::Int;
    if (words["long"] > 1)
        fail("'long long' is not an OpenCL C type; use long", first);
    if ((isUnsigned || has("signed")) &&
        (type == ScalarType::Float || type == ScalarType::Double || type == ScalarType::Half))
        fail("a floating type cannot be signed or unsigned", first);
    return scalarType(type, 1, scalarTypeName(type));
}

StructLayoutParser::Type StructLayoutParser::namedType(const Token& word) {
    ScalarType scalar = ScalarType::Unknown;
    int width = 1;
    if (splitBuiltinType(word.text, scalar, width))
        return scalarType(scalar, width,
                          std::string(scalarTypeName(scalar)) +
                              (width > 1 ? std::to_string(width) : ""));
    if (auto found = m_typedefs.find(word.text); found != m_typedefs.end())
        return found->second;
    if (word.text == "size_t" || word.text == "ptrdiff_t" || word.text == "intptr_t" ||
        word.text == "uintptr_t")
        fail("'" + word.text + "' has no fixed size in a buffer; use uint or ulong", word);
    fail("unknown type '" + word.text + "'", word);
}

StructLayoutParser::Attributes StructLayoutParser::parseAttributes() {
    Attributes attributes;
    while (peek().text == "__attribute__" || peek().text == "__attribute") {
        next();
        expect("(");
        expect("(");
        while (!accept(")")) {
            const Token name = next();
            std::string word = name.text;
            if (word.starts_with("__") && word.ends_with("__") && word.size() > 4)
                word = word.substr(2, word.size() - 4);
            if (word == "packed") {
                attributes.packed = true;
            } else if (word == "aligned") {
                // `aligned` alone means the largest alignment of any type: 128 bytes (long16).
                size_t value = 128;
                if (accept("(")) {
                    value = parseConstant();
                    expect(")");
                }
                if (value == 0 || (value & (value - 1)) != 0)
                    fail("aligned() takes a power of two", name);
                attributes.aligned = std::max(attributes.aligned, value);
            } else if (name.kind == Token::End) {
                fail("unterminated __attribute__", name);
            } else if (name.text != ",") {
                fail("unsupported attribute '" + name.text + "' (packed and aligned are known)",
                     name);
            }
        }
        expect(")");
    }
    return attributes;
}

StructLayoutParser::Type StructLayoutParser::parseAggregate(bool isUnion) {
    const char* keyword = isUnion ? "union" : "struct";
    Attributes attributes = parseAttributes();
    std::string tag;
    if (peek().kind == Token::Word && peek().text != "__attribute__")
        tag = next().text;
    const std::string key = std::string(keyword) + " " + tag;
    if (!accept("{")) {
        if (tag.empty())
            fail(std::string("expected '{' or a name after '") + keyword + "'", peek());
        auto found = m_aggregates.find(key);
        if (found == m_aggregates.end())
            fail("'" + key + "' is not defined here: paste its definition before this one", peek());
        return found->second;
    }
    struct Member {
        Type type;
        std::string name;
        size_t align;
    };
    // Each nested definition recurses: a bound keeps thousands of them from overflowing the
    // stack (an input in tests/fuzz/regressions).
    if (++m_nesting > kMaxNesting)
        fail("structs nested more than " + std::to_string(kMaxNesting) + " deep", peek());
    std::vector<Member> members;
    size_t columns = 0;
    while (!accept("}")) {
        if (peek().kind == Token::End)
            fail(std::string("unterminated ") + keyword, peek());
        const Type base = parseSpecifiers();
        do {
            std::string name;
            Type type = parseDeclarator(base, name);
            if (peek().text == ":")
                fail("bit-fields have no fixed layout and are not supported", peek());
            const Attributes memberAttributes = parseAttributes();
            size_t align = type.align;
            if (memberAttributes.aligned)
                align = std::max(align, memberAttributes.aligned);
            columns += type.columns.size();
            if (columns > ElementLayout::kMaxColumns)
                fail(tooManyColumns(), peek());
            members.push_back({std::move(type), std::move(name), align});
        } while (accept(","));
        expect(";");
    }
    const Attributes after = parseAttributes();
    attributes.packed = attributes.packed || after.packed;
    attributes.aligned = std::max(attributes.aligned, after.aligned);
    if (members.empty())
        fail(std::string("an empty ") + keyword + " has no layout", peek());

    --m_nesting;
    Type type;
    type.name = tag.empty() ? std::string(keyword) + " { ... }" : key;
    size_t cursor = 0;
    size_t maxAlign = 1;
    for (Member& member : members) {
        // packed drops member alignment, an explicit aligned() on the member still applies.
        const size_t align = attributes.packed ? 1 : member.align;
        const size_t offset = isUnion ? 0 : roundUp(cursor, align);
        for (const ElementColumn& column : member.type.columns)
            type.columns.push_back(
                {joinName(member.name, column.name), column.scalar, offset + column.offset});
        cursor = isUnion ? std::max(cursor, member.type.size) : offset + member.type.size;
        maxAlign = std::max(maxAlign, align);
    }
    type.align = std::max(maxAlign, attributes.aligned);
    type.size = roundUp(cursor, type.align);
    if (!tag.empty())
        m_aggregates[key] = type;
    return type;
}

StructLayoutParser::Type StructLayoutParser::parseDeclarator(const Type& base, std::string& name) {
    if (peek().text == "*")
        fail("pointers have no meaning inside a buffer element", peek());
    parseAttributes();
    if (peek().kind == Token::Word)
        name = next().text;
    std::vector<size_t> dims;
    while (accept("[")) {
        const Token at = peek();
        const size_t count = parseConstant();
        if (count == 0)
            fail("an array needs a positive size", at);
        dims.push_back(count);
        expect("]");
    }
    size_t columns = base.columns.size();
    for (const size_t dim : dims) {
        if (columns > ElementLayout::kMaxColumns / dim)
            fail(tooManyColumns(), peek());
        columns *= dim;
    }
    Type type = base;
    for (auto dim = dims.rbegin(); dim != dims.rend(); ++dim)
        type = arrayOf(type, *dim);
    return type;
}

size_t StructLayoutParser::parseConstant() {
    const Token token = next();
    if (token.kind != Token::Number)
        fail("expected a number", token);
    std::string_view digits = token.text;
    int base = 10;
    if (digits.starts_with("0x") || digits.starts_with("0X")) {
        digits.remove_prefix(2);
        base = 16;
    }
    while (!digits.empty() && (digits.back() == 'u' || digits.back() == 'U' ||
                               digits.back() == 'l' || digits.back() == 'L'))
        digits.remove_suffix(1);
    size_t value = 0;
    const auto [end, error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
    if (error != std::errc() || end != digits.data() + digits.size() || value > (1u << 24))
        fail("expected a number up to 16777216", token);
    return value;
}

StructLayoutParser::Type StructLayoutParser::scalarType(ScalarType scalar, int width,
                                                        std::string name) {
    const ElementLayout layout = ElementLayout::scalar(scalar, width);
    Type type;
    type.name = std::move(name);
    type.size = layout.size();
    type.align = layout.alignment();
    type.columns = layout.columns();
    if (width == 1)
        type.columns.front().name.clear(); // a bare scalar member is named by its declarator
    return type;
}

std::string StructLayoutParser::tooManyColumns() {
    return "the element would have more than " + std::to_string(ElementLayout::kMaxColumns) +
           " columns; view the buffer as the array's element type (\"float\" for a float[N] "
           "member) or as hex";
}

StructLayoutParser::Type StructLayoutParser::arrayOf(const Type& element, size_t count) {
    Type type;
    type.name = element.name + "[" + std::to_string(count) + "]";
    type.size = element.size * count;
    type.align = element.align;
    type.columns.reserve(element.columns.size() * count);
    for (size_t i = 0; i < count; ++i)
        for (const ElementColumn& column : element.columns)
            type.columns.push_back({joinName("[" + std::to_string(i) + "]", column.name),
                                    column.scalar, i * element.size + column.offset});
    return type;
}

} // namespace clw::engine
