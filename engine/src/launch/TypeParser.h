#pragma once
// Reads C declarations far enough for kernel signatures: declaration specifiers (qualifiers,
// OpenCL address spaces and access qualifiers, pipe, builtin and user types), declarators
// ('*' with its qualifiers, a name, array brackets), typedefs, and struct / union definitions
// with their layout where it can be worked out. Internal to the engine.
#include "DeclaredType.h"
#include "PpToken.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace clw::engine::sig {

class TypeParser {
public:
    explicit TypeParser(const pp::Tokens& tokens)
        : m_tokens(tokens) {}

    // Reads the specifiers from `pos` (advanced past them) up to `end`. Throws ParseError when
    // they name no type or an unknown one.
    DeclaredType parseSpecifiers(size_t& pos, size_t end);
    // Applies a declarator to `base`; `name` is empty for an unnamed one. With `arrayCount`,
    // brackets multiply it (struct members); without, an array decays to a pointer (parameters).
    DeclaredType parseDeclarator(size_t& pos, size_t end, const DeclaredType& base,
                                 std::string& name, size_t* arrayCount = nullptr);
    // Records the typedef declaration in [begin, end) (';' excluded). One it cannot read (a
    // function pointer, an unknown base type) is remembered by name so that a kernel using it
    // is told why.
    void addTypedef(size_t begin, size_t end);
    // Registers the struct, union and enum definitions of another file-scope declaration.
    void scanDeclaration(size_t begin, size_t end);
    // Why a typedef of this name could not be read; empty when there was none.
    std::string skippedTypedef(const std::string& name) const;
    // The by-value size of a type, 0 when unknown (looks up structs defined after a typedef).
    size_t sizeOf(const DeclaredType& type) const;

    // `__attribute__` (or `__attribute`) followed by '(' at pos.
    bool isAttribute(size_t pos, size_t end) const;
    // The index one past the bracket that closes the one at `open`; `end` when unclosed.
    size_t skipBalanced(size_t open, size_t end) const;

    // The attributes in the `__attribute__((...))` group at `pos` as (name, argument tokens),
    // names without surrounding "__": reqd_work_group_size, (16, 16, 1).
    std::vector<std::pair<std::string, pp::Tokens>> attributes(size_t pos, size_t end) const;

    const pp::Token& at(size_t pos) const { return m_tokens[pos]; }

    // The constants of an enum type; null when their values are not known.
    std::shared_ptr<const std::vector<EnumConstant>> enumeratorsOf(const DeclaredType& type) const;
    // The fields of a struct or union type, offsets from its start; null when its layout is not
    // known.
    std::shared_ptr<const std::vector<StructField>> fieldsOf(const DeclaredType& type) const;

private:
    struct Layout {
        size_t size = 0; // 0: not known
        size_t align = 0;
        std::shared_ptr<const std::vector<StructField>> fields;
    };

    DeclaredType parseAggregate(size_t& pos, size_t end);
    Layout layOut(size_t begin, size_t end, bool isUnion, bool packed, size_t alignedTo);
    Layout layoutOf(const DeclaredType& type) const;
    // `A, B = 4, C = B + 1` between `begin` and `end`; null when a value is not a constant
    // expression of numbers and earlier constants.
    std::shared_ptr<const std::vector<EnumConstant>> readEnumerators(size_t begin,
                                                                     size_t end) const;

    const pp::Tokens& m_tokens;
    std::map<std::string, DeclaredType> m_typedefs;
    std::map<std::string, std::string> m_skippedTypedefs; // name -> why
    std::map<std::string, Layout> m_layouts;              // "struct P" -> its layout
    std::map<std::string, std::shared_ptr<const std::vector<EnumConstant>>> m_enums; // "enum E"
};

} // namespace clw::engine::sig
