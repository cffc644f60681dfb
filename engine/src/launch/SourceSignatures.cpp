#include "clw/engine/launch/SourceSignatures.h"

#include "KernelArgReader.h"
#include "PpExpression.h"
#include "PpToken.h"
#include "TypeParser.h"

#include "clw/engine/launch/Preprocessor.h"
#include "clw/engine/runtime/ClError.h"

#include <map>
#include <sstream>

namespace clw::engine {

namespace {

using pp::Token;
using pp::TokenKind;
using pp::Tokens;
using sig::ParseError;

bool isWordish(const Token& token) {
    return token.kind == TokenKind::Identifier || token.kind == TokenKind::Number;
}

// "16, 16 ,1" -> "16,16,1": spaces only where two words would otherwise run together.
std::string compact(const Tokens& tokens) {
    std::string text;
    for (size_t i = 0; i < tokens.size(); ++i) {
        if (i > 0 && isWordish(tokens[i]) && isWordish(tokens[i - 1]))
            text += ' ';
        text += tokens[i].text;
    }
    return text;
}

// The tokens of [begin, end) split at top-level commas.
std::vector<std::pair<size_t, size_t>> splitAtCommas(const Tokens& tokens, size_t begin,
                                                     size_t end) {
    std::vector<std::pair<size_t, size_t>> parts;
    int depth = 0;
    size_t start = begin;
    for (size_t i = begin; i < end; ++i) {
        const Token& t = tokens[i];
        if (t.is("(") || t.is("[") || t.is("{"))
            ++depth;
        else if (t.is(")") || t.is("]") || t.is("}"))
            --depth;
        else if (depth == 0 && t.is(",")) {
            parts.emplace_back(start, i);
            start = i + 1;
        }
    }
    parts.emplace_back(start, end);
    return parts;
}

class SignatureScanner {
public:
    SignatureScanner(const std::string& source, const std::string& fileName) {
        read(source, fileName);
    }

    std::vector<KernelSignature> scan() {
        size_t declStart = 0, i = 0;
        const size_t n = m_tokens.size();
        while (i < n) {
            const Token& t = m_tokens[i];
            if (t.is("(") || t.is("[")) {
                i = m_types.skipBalanced(i, n);
            } else if (t.is("{")) {
                const size_t close = m_types.skipBalanced(i, n);
                if (!isAggregateBody(declStart, i) && !hasInitializer(declStart, i)) {
                    if (isKernel(declStart, i))
                        m_kernels.push_back(withPrototype(readKernel(declStart, i)));
                    declStart = close;
                }
                i = close;
            } else if (t.is(";")) {
                declaration(declStart, i);
                declStart = ++i;
            } else if (t.is("}")) {
                declStart = ++i; // stray: resynchronise
            } else {
                ++i;
            }
        }
        return std::move(m_kernels);
    }

private:
    // Tokenizes line by line so that `#line N "file"` markers can set where tokens come from.
    void read(const std::string& source, std::string file) {
        std::istringstream lines(pp::withoutComments(source));
        std::string line;
        int number = 1;
        for (; std::getline(lines, line); ++number) {
            const size_t first = line.find_first_not_of(" \t");
            if (first == std::string::npos || line[first] != '#') {
                Tokens tokens = pp::tokenize(line, number);
                if (!tokens.empty() && (m_files.empty() || m_files.back().second != file))
                    m_files.emplace_back(m_tokens.size(), file);
                m_tokens.insert(m_tokens.end(), tokens.begin(), tokens.end());
                continue;
            }
            // "#line 12 "a.h"" and "# 12 "a.h"": the next line is line 12 of a.h.
            Tokens directive = pp::tokenize(line.substr(first + 1));
            if (!directive.empty() && directive.front().isIdentifier("line"))
                directive.erase(directive.begin());
            if (directive.empty() || directive.front().kind != TokenKind::Number)
                continue; // another directive: not for the parser
            number = std::atoi(directive.front().text.c_str()) - 1;
            if (directive.size() > 1 && directive[1].kind == TokenKind::String)
                file = directive[1].text.substr(1, directive[1].text.size() - 2);
        }
    }

    std::string where(size_t token) const {
        std::string file = "source";
        for (const auto& [first, name] : m_files)
            if (first <= token)
                file = name;
        const int line = token < m_tokens.size() ? m_tokens[token].line
                                                 : (m_tokens.empty() ? 1 : m_tokens.back().line);
        return file + " line " + std::to_string(line);
    }

    [[noreturn]] void fail(const std::string& kernel, size_t token,
                           const std::string& message) const {
        throw ClError(CL_INVALID_KERNEL_DEFINITION, "parseKernelSignatures",
                      "reading " +
                          (kernel.empty() ? std::string("a kernel") : "kernel '" + kernel + "'") +
                          " at " + where(token) + ": " + message);
    }

    // Before a '{': `struct [attributes] [tag] [attributes]` opens a struct body.
    bool isAggregateBody(size_t declStart, size_t brace) const {
        size_t i = brace;
        bool tagSeen = false;
        while (i > declStart) {
            const Token& t = m_tokens[i - 1];
            if (t.is(")")) { // perhaps the end of an attribute group: step over it
                size_t depth = 0, j = i;
                do {
                    --j;
                    depth += m_tokens[j].is(")") ? 1 : m_tokens[j].is("(") ? size_t(-1) : 0;
                } while (j > declStart && depth != 0);
                if (j <= declStart || !m_types.isAttribute(j - 1, brace))
                    return false;
                i = j - 1;
            } else if (t.isIdentifier("struct") || t.isIdentifier("union") ||
                       t.isIdentifier("enum")) {
                return true;
            } else if (t.kind == TokenKind::Identifier && !tagSeen) {
                tagSeen = true;
                --i;
            } else {
                return false;
            }
        }
        return false;
    }

    bool hasInitializer(size_t declStart, size_t brace) const {
        for (size_t i = declStart; i < brace; ++i)
            if (m_tokens[i].is("="))
                return true;
        return false;
    }

    bool isKernel(size_t begin, size_t end) const {
        for (size_t i = begin; i < end; ++i) {
            if (m_tokens[i].is("("))
                return false; // past the specifiers
            if (m_tokens[i].isIdentifier("kernel") || m_tokens[i].isIdentifier("__kernel"))
                return true;
            if (m_types.isAttribute(i, end))
                i = m_types.skipBalanced(i + 1, end) - 1;
        }
        return false;
    }

    void declaration(size_t begin, size_t end) {
        bool isTypedef = false;
        for (size_t i = begin; i < end && !m_tokens[i].is("("); ++i)
            isTypedef = isTypedef || m_tokens[i].isIdentifier("typedef");
        if (isTypedef) {
            m_types.addTypedef(begin, end);
        } else if (isKernel(begin, end)) {
            // A prototype: the definition gets its attributes, as a compiler merges them.
            KernelSignature prototype = readKernel(begin, end);
            m_prototypes[prototype.name] = std::move(prototype);
        } else {
            m_types.scanDeclaration(begin, end);
        }
    }

    KernelSignature withPrototype(KernelSignature kernel) const {
        const auto it = m_prototypes.find(kernel.name);
        if (it == m_prototypes.end())
            return kernel;
        const KernelSignature& prototype = it->second;
        if (kernel.reqdWorkGroupSize == std::array<size_t, 3>{})
            kernel.reqdWorkGroupSize = prototype.reqdWorkGroupSize;
        if (kernel.workGroupSizeHint == std::array<size_t, 3>{})
            kernel.workGroupSizeHint = prototype.workGroupSizeHint;
        if (kernel.vecTypeHint.empty())
            kernel.vecTypeHint = prototype.vecTypeHint;
        if (!prototype.attributes.empty())
            kernel.attributes =
                prototype.attributes + (kernel.attributes.empty() ? "" : " " + kernel.attributes);
        return kernel;
    }

    KernelSignature readKernel(size_t begin, size_t end) {
        KernelSignature kernel;
        size_t paramsOpen = end, paramsClose = end;
        for (size_t i = begin; i < end; ++i) {
            if (m_types.isAttribute(i, end)) {
                attributes(kernel, i, end);
                i = m_types.skipBalanced(i + 1, end) - 1;
            } else if (m_tokens[i].is("(") && paramsOpen == end) {
                paramsOpen = i;
                paramsClose = m_types.skipBalanced(i, end) - 1;
                i = paramsClose;
            } else if (paramsOpen != end) {
                fail(kernel.name, i, "unexpected '" + m_tokens[i].text + "' after the parameters");
            }
        }
        if (paramsOpen == end || paramsOpen == begin ||
            m_tokens[paramsOpen - 1].kind != TokenKind::Identifier)
            fail("", begin, "no kernel name and parameter list before '{'");
        kernel.name = m_tokens[paramsOpen - 1].text;
        try {
            size_t pos = begin;
            const sig::DeclaredType result = m_types.parseSpecifiers(pos, paramsOpen - 1);
            if (pos != paramsOpen - 1 || result.resolved != "void")
                fail(kernel.name, begin, "a kernel must return void");
            const auto params = splitAtCommas(m_tokens, paramsOpen + 1, paramsClose);
            const bool none =
                params.size() == 1 && (params[0].first == params[0].second ||
                                       (params[0].second - params[0].first == 1 &&
                                        m_tokens[params[0].first].isIdentifier("void")));
            for (size_t a = 0; !none && a < params.size(); ++a)
                kernel.args.push_back(
                    sig::readKernelArg(m_types, params[a].first, params[a].second, cl_uint(a)));
        } catch (const ParseError& error) {
            fail(kernel.name, error.token, error.what());
        }
        return kernel;
    }

    void attributes(KernelSignature& kernel, size_t pos, size_t end) {
        const size_t close = m_types.skipBalanced(pos + 1, end);
        for (const auto& [name, args] : m_types.attributes(pos, close)) {
            const std::string text = args.empty() ? name : name + "(" + compact(args) + ")";
            kernel.attributes += (kernel.attributes.empty() ? "" : " ") + text;
            if (name == "reqd_work_group_size" || name == "work_group_size_hint") {
                auto& sizes = name == "reqd_work_group_size" ? kernel.reqdWorkGroupSize
                                                             : kernel.workGroupSizeHint;
                const auto parts = splitAtCommas(args, 0, args.size());
                if (parts.size() != 3)
                    fail(kernel.name, pos,
                         name + " needs three sizes, not '" + compact(args) + "'");
                for (size_t d = 0; d < 3; ++d) {
                    const Tokens part(args.begin() + long(parts[d].first),
                                      args.begin() + long(parts[d].second));
                    long long value = 0;
                    std::string error;
                    if (!pp::evaluateExpression(part, value, error) || value <= 0)
                        fail(kernel.name, pos,
                             name + ": '" + compact(part) + "' is not a positive constant" +
                                 (error.empty() ? "" : " (" + error + ")"));
                    sizes[d] = size_t(value);
                }
            } else if (name == "vec_type_hint") {
                kernel.vecTypeHint = compact(args);
            }
        }
    }

    Tokens m_tokens;
    std::vector<std::pair<size_t, std::string>> m_files; // (first token, file name)
    sig::TypeParser m_types{m_tokens};
    std::vector<KernelSignature> m_kernels;
    std::map<std::string, KernelSignature> m_prototypes; // kernels declared before defined
};

} // namespace

std::vector<KernelSignature> parseKernelSignatures(const std::string& source,
                                                   const std::string& fileName) {
    return SignatureScanner(source, fileName).scan();
}

std::vector<KernelSignature> signaturesFromSource(const SourceSet& sources,
                                                  const std::string& buildOptions,
                                                  std::vector<std::string>* warnings) {
    const PreprocessedSource preprocessed =
        preprocess(sources, PreprocessorOptions::fromBuildOptions(buildOptions));
    if (warnings)
        *warnings = preprocessed.warnings;
    const SourceFile* main = sources.main();
    return parseKernelSignatures(preprocessed.text, main ? main->name : std::string("source"));
}

} // namespace clw::engine
