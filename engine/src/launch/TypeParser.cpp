#include "TypeParser.h"

#include "PpExpression.h"
#include "TypeWords.h"

#include "clw/engine/launch/KernelSignature.h"

#include <algorithm>

namespace clw::engine::sig {

namespace {

using pp::Token;
using pp::TokenKind;

size_t roundUp(size_t value, size_t align) {
    return align == 0 ? value : (value + align - 1) / align * align;
}

} // namespace

bool TypeParser::isAttribute(size_t pos, size_t end) const {
    return pos + 1 < end &&
           (at(pos).isIdentifier("__attribute__") || at(pos).isIdentifier("__attribute")) &&
           at(pos + 1).is("(");
}

size_t TypeParser::skipBalanced(size_t open, size_t end) const {
    int depth = 0;
    for (size_t i = open; i < end; ++i) {
        const Token& t = at(i);
        if (t.is("(") || t.is("[") || t.is("{"))
            ++depth;
        else if ((t.is(")") || t.is("]") || t.is("}")) && --depth == 0)
            return i + 1;
    }
    return end;
}

std::vector<std::pair<std::string, pp::Tokens>> TypeParser::attributes(size_t pos,
                                                                       size_t end) const {
    std::vector<std::pair<std::string, pp::Tokens>> result;
    const size_t close = skipBalanced(pos + 1, end); // one past "((...))"
    // Inside the double parentheses: name [ (args) ] separated by commas.
    for (size_t i = pos + 3; i + 2 < close; ++i) {
        if (at(i).kind != TokenKind::Identifier)
            continue;
        std::string name = at(i).text;
        if (name.size() > 4 && name.starts_with("__") && name.ends_with("__"))
            name = name.substr(2, name.size() - 4);
        pp::Tokens args;
        if (i + 1 < close && at(i + 1).is("(")) {
            const size_t argsEnd = skipBalanced(i + 1, close);
            args.assign(m_tokens.begin() + long(i + 2), m_tokens.begin() + long(argsEnd - 1));
            i = argsEnd - 1;
        }
        result.emplace_back(std::move(name), std::move(args));
    }
    return result;
}

DeclaredType TypeParser::parseSpecifiers(size_t& pos, size_t end) {
    DeclaredType qualifiers; // what the specifiers add on top of the type they name
    DeclaredType type;
    bool haveType = false;
    std::map<std::string, int> arithmetic;
    const size_t start = pos;
    while (pos < end) {
        if (isAttribute(pos, end)) {
            pos = skipBalanced(pos + 1, end);
            continue;
        }
        const Token& token = at(pos);
        if (token.kind != TokenKind::Identifier)
            break;
        const std::string& word = token.text;
        if (applyQualifier(word, qualifiers)) {
            // const, volatile or restrict: recorded
        } else if (const auto space = addressSpaceOf(word); space != 0) {
            qualifiers.addressSpace = space;
        } else if (const auto access = accessOf(word); access != CL_KERNEL_ARG_ACCESS_NONE) {
            qualifiers.access = access;
        } else if (word == "pipe") {
            qualifiers.isPipe = true;
        } else if (isIgnoredSpecifier(word)) {
            // storage classes and `kernel` say nothing about the type
        } else if (isArithmeticWord(word)) {
            if (haveType)
                throw ParseError("'" + word + "' after the type '" + type.spelled + "'", pos);
            ++arithmetic[word];
        } else if (word == "struct" || word == "union" || word == "enum") {
            if (haveType || !arithmetic.empty())
                throw ParseError("two types in one declaration", pos);
            type = parseAggregate(pos, end);
            haveType = true;
            continue; // parseAggregate moved pos
        } else if (haveType || !arithmetic.empty()) {
            break; // the declarator's name
        } else if (const auto found = m_typedefs.find(word); found != m_typedefs.end()) {
            type = found->second;
            // clang prints the unqualified type: a typedef that carries const, volatile or an
            // address space is printed as what it names (`typedef const float cf` as "float").
            if (!type.isConst && !type.isVolatile && type.addressSpace == 0)
                type.spelled = word;
            haveType = true;
        } else if (parseArgType(word, 0).kind != ArgKind::Unknown || isOtherBuiltinType(word)) {
            type = builtinType(word);
            haveType = true;
        } else {
            const std::string why = skippedTypedef(word);
            throw ParseError("unknown type '" + word + "'" +
                                 (why.empty() ? std::string(" (a typedef in a header that was not "
                                                            "found?)")
                                              : " (its typedef could not be read: " + why + ")"),
                             pos);
        }
        ++pos;
    }
    if (!arithmetic.empty())
        type = builtinType(arithmeticName(arithmetic, start));
    else if (!haveType)
        throw ParseError(pos < end ? "expected a type before '" + at(pos).text + "'"
                                   : std::string("expected a type"),
                         std::min(pos, end == 0 ? 0 : end - 1));
    type.isConst = type.isConst || qualifiers.isConst;
    type.isVolatile = type.isVolatile || qualifiers.isVolatile;
    type.isRestrict = type.isRestrict || qualifiers.isRestrict;
    type.isPipe = qualifiers.isPipe;
    if (qualifiers.addressSpace != 0)
        type.addressSpace = qualifiers.addressSpace;
    if (qualifiers.access != CL_KERNEL_ARG_ACCESS_NONE)
        type.access = qualifiers.access;
    return type;
}

DeclaredType TypeParser::parseAggregate(size_t& pos, size_t end) {
    const std::string keyword = at(pos++).text;
    bool packed = false;
    size_t alignedTo = 0;
    const auto readAttributes = [&] {
        while (isAttribute(pos, end)) {
            for (const auto& [name, args] : attributes(pos, end)) {
                long long value = 0;
                std::string error;
                if (name == "packed")
                    packed = true;
                else if (name == "aligned")
                    alignedTo = args.empty() ? 16 // the largest alignment of any OpenCL type
                                : pp::evaluateExpression(args, value, error) ? size_t(value)
                                                                             : 0;
            }
            pos = skipBalanced(pos + 1, end);
        }
    };
    readAttributes();
    std::string tag;
    if (pos < end && at(pos).kind == TokenKind::Identifier && !isKeyword(at(pos).text))
        tag = at(pos++).text;
    readAttributes();
    DeclaredType type;
    type.aggregate = keyword == "enum" ? Aggregate::Enum : Aggregate::Struct;
    type.spelled = type.resolved = keyword + " " + (tag.empty() ? "(anonymous)" : tag);
    if (keyword == "enum")
        type.size = type.align = 4; // enumerators must fit an int
    if (pos < end && at(pos).is("{")) {
        const size_t close = skipBalanced(pos, end);
        const size_t bodyBegin = pos + 1, bodyEnd = close - 1;
        pos = close;
        readAttributes(); // `struct P { ... } __attribute__((packed))`
        if (keyword == "enum") {
            type.enumerators = readEnumerators(bodyBegin, bodyEnd);
            if (!tag.empty() && type.enumerators)
                m_enums[type.resolved] = type.enumerators;
        } else {
            Layout layout = layOut(bodyBegin, bodyEnd, keyword == "union", packed, alignedTo);
            type.size = layout.size;
            type.align = layout.align;
            type.fields = layout.fields;
            if (!tag.empty())
                m_layouts[type.resolved] = std::move(layout);
        }
    }
    return type;
}

TypeParser::Layout TypeParser::layoutOf(const DeclaredType& type) const {
    if (type.pointee || type.isPipe)
        return {}; // pointers in structs are not valid kernel arguments; size unknown
    if (type.aggregate == Aggregate::Struct && type.size == 0) {
        const auto it = m_layouts.find(type.resolved);
        return it == m_layouts.end() ? Layout{} : it->second;
    }
    return {type.size, type.align, type.fields};
}

size_t TypeParser::sizeOf(const DeclaredType& type) const {
    return layoutOf(type).size;
}

std::shared_ptr<const std::vector<EnumConstant>>
TypeParser::enumeratorsOf(const DeclaredType& type) const {
    if (type.aggregate != Aggregate::Enum)
        return nullptr;
    if (type.enumerators)
        return type.enumerators;
    const auto it = m_enums.find(type.resolved); // `enum E e` after `enum E { ... }`
    return it == m_enums.end() ? nullptr : it->second;
}

std::shared_ptr<const std::vector<EnumConstant>> TypeParser::readEnumerators(size_t begin,
                                                                             size_t end) const {
    auto constants = std::make_shared<std::vector<EnumConstant>>();
    long long next = 0;
    for (size_t pos = begin; pos < end;) {
        size_t stop = pos;
        while (stop < end && !at(stop).is(","))
            stop = at(stop).is("(") ? skipBalanced(stop, end) : stop + 1;
        if (at(pos).kind != TokenKind::Identifier)
            return nullptr;
        EnumConstant constant{at(pos).text, next};
        if (pos + 1 < stop && at(pos + 1).is("=")) {
            // The preprocessor's evaluator takes an unknown name for 0: every name must be an
            // earlier constant, replaced by its value.
            pp::Tokens expression;
            for (size_t i = pos + 2; i < stop; ++i) {
                Token token = at(i);
                if (token.kind == TokenKind::Identifier) {
                    const auto known =
                        std::find_if(constants->begin(), constants->end(),
                                     [&](const EnumConstant& c) { return c.name == token.text; });
                    if (known == constants->end())
                        return nullptr;
                    token.kind = TokenKind::Number;
                    token.text = std::to_string(known->value);
                }
                expression.push_back(std::move(token));
            }
            std::string error;
            if (!pp::evaluateExpression(expression, constant.value, error))
                return nullptr;
        } else if (pos + 1 != stop) {
            return nullptr;
        }
        next = constant.value + 1;
        constants->push_back(std::move(constant));
        pos = stop + 1;
    }
    return constants;
}

std::shared_ptr<const std::vector<StructField>>
TypeParser::fieldsOf(const DeclaredType& type) const {
    return type.aggregate == Aggregate::Struct ? layoutOf(type).fields : nullptr;
}

namespace {

// Adds the fields of one member at `offset`: a scalar or vector (an array of them stays one
// field), or a struct whose fields take the member's name as a prefix ("pos.x", "cells[1].id").
// False when the member is neither.
bool addMemberFields(const DeclaredType& member, const std::vector<StructField>* nested,
                     size_t memberSize, const std::string& name, size_t count, size_t offset,
                     std::vector<StructField>& fields) {
    if (member.aggregate == Aggregate::Struct) {
        if (!nested)
            return false;
        for (size_t i = 0; i < count; ++i) {
            // An anonymous member's fields are named as if they were the outer struct's.
            const std::string prefix =
                name.empty() ? std::string()
                             : name + (count > 1 ? "[" + std::to_string(i) + "]" : "") + ".";
            for (StructField field : *nested) {
                field.path = prefix + field.path;
                field.offset += offset + i * memberSize;
                fields.push_back(std::move(field));
            }
        }
        return true;
    }
    StructField field;
    field.path = name;
    field.offset = offset;
    field.count = count;
    if (member.aggregate == Aggregate::Enum) {
        field.element = ScalarType::Int;
    } else {
        const ArgType type = parseArgType(member.resolved, 0);
        if (type.kind != ArgKind::Scalar && type.kind != ArgKind::Vector)
            return false;
        field.element = type.element;
        field.vectorWidth = type.vectorWidth;
    }
    if (scalarSize(field.element) == 0 || name.empty())
        return false;
    fields.push_back(std::move(field));
    return true;
}

} // namespace

TypeParser::Layout TypeParser::layOut(size_t begin, size_t end, bool isUnion, bool packed,
                                      size_t alignedTo) {
    size_t offset = 0, maxAlign = 1;
    bool known = true;
    auto fields = std::make_shared<std::vector<StructField>>();
    for (size_t memberBegin = begin; memberBegin < end;) {
        size_t memberEnd = memberBegin;
        while (memberEnd < end && !at(memberEnd).is(";"))
            memberEnd = at(memberEnd).is("{") ? skipBalanced(memberEnd, end) : memberEnd + 1;
        // A member we cannot lay out makes the size unknown (0), never a guess: a nested
        // definition is still registered, so the parse goes on.
        try {
            size_t pos = memberBegin;
            const DeclaredType base = parseSpecifiers(pos, memberEnd);
            if (pos == memberEnd && base.aggregate != Aggregate::None) {
                // `struct { ... };` is an anonymous member; `struct Tag { ... };` or an enum
                // only declares its type.
                if (base.aggregate == Aggregate::Enum || !base.resolved.ends_with("(anonymous)")) {
                    memberBegin = memberEnd + 1;
                    continue;
                }
                pos = memberEnd + 1; // no declarator: the member is the type itself
            }
            do {
                std::string name;
                size_t count = 1;
                for (size_t i = pos; i < memberEnd && !at(i).is(","); ++i)
                    known = known && !isAttribute(i, memberEnd); // member attributes: unknown
                const DeclaredType member =
                    pos > memberEnd ? base : parseDeclarator(pos, memberEnd, base, name, &count);
                if (pos < memberEnd && !at(pos).is(","))
                    throw ParseError("unexpected '" + at(pos).text + "' in a member", pos);
                ++pos;
                const Layout layout = layoutOf(member);
                known = known && layout.size != 0;
                const size_t align = packed ? 1 : std::max<size_t>(layout.align, 1);
                const size_t memberOffset = isUnion ? 0 : roundUp(offset, align);
                known = known && addMemberFields(member, layout.fields.get(), layout.size, name,
                                                 count, memberOffset, *fields);
                offset = isUnion ? std::max(offset, layout.size * count)
                                 : memberOffset + layout.size * count;
                maxAlign = std::max(maxAlign, align);
            } while (pos < memberEnd);
        } catch (const ParseError&) {
            known = false;
        }
        memberBegin = memberEnd + 1;
    }
    const size_t align = std::max(packed ? size_t(1) : maxAlign, alignedTo);
    if (!known)
        return {};
    return {roundUp(offset, align), align, std::move(fields)};
}

DeclaredType TypeParser::parseDeclarator(size_t& pos, size_t end, const DeclaredType& base,
                                         std::string& name, size_t* arrayCount) {
    DeclaredType type = base;
    while (pos < end) {
        if (isAttribute(pos, end)) {
            pos = skipBalanced(pos + 1, end);
        } else if (at(pos).is("*")) {
            type = pointerTo(type); // a pointer to a pointer is for the caller to reject
            ++pos;
        } else if (at(pos).kind == TokenKind::Identifier &&
                   (applyQualifier(at(pos).text, type) || addressSpaceOf(at(pos).text) != 0)) {
            // After a '*' these qualify the pointer itself.
            if (const auto space = addressSpaceOf(at(pos).text); space != 0)
                type.addressSpace = space;
            ++pos;
        } else {
            break;
        }
    }
    if (pos < end && at(pos).kind == TokenKind::Identifier && !isKeyword(at(pos).text))
        name = at(pos++).text;
    while (pos < end && at(pos).is("[")) {
        const size_t close = skipBalanced(pos, end);
        if (arrayCount) {
            long long count = 0;
            std::string error;
            const pp::Tokens size(m_tokens.begin() + long(pos + 1),
                                  m_tokens.begin() + long(close - 1));
            if (!pp::evaluateExpression(size, count, error) || count <= 0)
                throw ParseError("array size not a constant", pos);
            *arrayCount *= size_t(count);
        } else {
            type = pointerTo(type); // an array parameter is a pointer
        }
        pos = close;
    }
    while (isAttribute(pos, end))
        pos = skipBalanced(pos + 1, end);
    if (pos < end && at(pos).is("("))
        throw ParseError("function and parenthesized declarators are not supported", pos);
    if (pos < end && at(pos).is(":") && arrayCount)
        throw ParseError("bit-fields have no layout the host can rely on", pos);
    return type;
}

void TypeParser::addTypedef(size_t begin, size_t end) {
    size_t pos = begin;
    // ext_vector_type(N) anywhere in the declaration makes a vector of the base type.
    int vectorWidth = 0;
    for (size_t i = begin; i < end; ++i)
        if (isAttribute(i, end))
            for (const auto& [attribute, args] : attributes(i, end))
                if (attribute == "ext_vector_type" && args.size() == 1)
                    vectorWidth = std::atoi(args.front().text.c_str());
    std::string name;
    try {
        const DeclaredType base = parseSpecifiers(pos, end);
        while (pos < end) {
            name.clear();
            size_t count = 1;
            DeclaredType type = parseDeclarator(pos, end, base, name, &count);
            if (pos < end && !at(pos).is(","))
                throw ParseError("unexpected '" + at(pos).text + "'", pos);
            ++pos;
            if (name.empty())
                continue;
            if (vectorWidth > 0 && !type.pointee) {
                type.resolved += std::to_string(vectorWidth);
                type.size = type.align = parseArgType(type.resolved, 0).size;
            }
            if (count != 1)
                type.size = 0; // an array type: not a kernel argument
            // `typedef struct { ... } Name;` names the anonymous struct after the typedef.
            if (type.resolved.ends_with("(anonymous)"))
                type.resolved = name;
            m_typedefs[name] = type;
        }
    } catch (const ParseError& error) {
        // The name a typedef declares is its last identifier, near enough for a message.
        for (size_t i = end; i > begin && name.empty(); --i)
            if (at(i - 1).kind == TokenKind::Identifier && !isKeyword(at(i - 1).text))
                name = at(i - 1).text;
        if (!name.empty())
            m_skippedTypedefs[name] = error.what();
    }
}

void TypeParser::scanDeclaration(size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
        if (at(i).isIdentifier("struct") || at(i).isIdentifier("union") ||
            at(i).isIdentifier("enum")) {
            size_t pos = i;
            try {
                parseAggregate(pos, end);
            } catch (const ParseError&) {
                // A definition that does not parse stays unknown: its size is reported as 0.
            }
            i = std::max(i, pos == 0 ? i : pos - 1);
        }
    }
}

std::string TypeParser::skippedTypedef(const std::string& name) const {
    const auto it = m_skippedTypedefs.find(name);
    return it == m_skippedTypedefs.end() ? std::string() : it->second;
}

} // namespace clw::engine::sig
