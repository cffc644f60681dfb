#include "KernelStructure.h"

#include <set>

namespace clw::engine::code {

namespace {

const std::set<std::string> kQualifiers = {
    "const",        "volatile",   "restrict",     "__private",  "private",     "__local",
    "local",        "__global",   "global",       "__constant", "constant",    "static",
    "__kernel",     "kernel",     "inline",       "__inline",   "__read_only", "read_only",
    "__write_only", "write_only", "__read_write", "read_write"};

bool isBuiltinType(const std::string& word) {
    static const std::set<std::string> scalars = {
        "bool",     "char",      "uchar", "short",    "ushort", "int",    "uint",
        "long",     "ulong",     "half",  "float",    "double", "size_t", "ptrdiff_t",
        "intptr_t", "uintptr_t", "void",  "unsigned", "signed"};
    if (scalars.contains(word))
        return true;
    for (const char* width : {"16", "2", "3", "4", "8"}) {
        const std::string suffix = width;
        if (word.size() > suffix.size() && word.ends_with(suffix)) {
            const std::string base = word.substr(0, word.size() - suffix.size());
            if (base != "bool" && base != "size_t" && base != "void" && scalars.contains(base))
                return true;
        }
    }
    return false;
}

// Brackets matched: match[i] is the index of the bracket that closes or opens tokens[i].
bool matchBrackets(const std::vector<Token>& tokens, std::vector<std::size_t>& match,
                   std::string& problem) {
    match.assign(tokens.size(), std::size_t(-1));
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& token = tokens[i];
        if (token.is("(") || token.is("[") || token.is("{")) {
            open.push_back(i);
        } else if (token.is(")") || token.is("]") || token.is("}")) {
            const char opener = token.text[0] == ')' ? '(' : token.text[0] == ']' ? '[' : '{';
            if (open.empty() || tokens[open.back()].text[0] != opener) {
                problem = "the '" + token.text + "' at line " + std::to_string(token.line) +
                          " closes nothing that is open there";
                return false;
            }
            match[i] = open.back();
            match[open.back()] = i;
            open.pop_back();
        }
    }
    if (!open.empty()) {
        problem = "the '" + tokens[open.back()].text + "' at line " +
                  std::to_string(tokens[open.back()].line) + " is never closed";
        return false;
    }
    return true;
}

class Reader {
public:
    Reader(SourceStructure& structure, const std::vector<std::size_t>& match)
        : m_s(structure)
        , m_t(structure.tokens)
        , m_match(match) {}

    void run() {
        std::size_t declarationStart = 0;
        for (std::size_t i = 0; i < m_t.size(); ++i) {
            if (m_t[i].is("{")) {
                if (function(i, declarationStart)) {
                    i = m_s.functions.back().bodyClose;
                    declarationStart = i + 1;
                } else {
                    i = m_match[i]; // a struct's or an enum's body
                }
            } else if (m_t[i].is(";")) {
                typedefAt(declarationStart, i);
                declarationStart = i + 1;
            } else if (m_t[i].is("(") || m_t[i].is("[")) {
                i = m_match[i];
            }
        }
    }

private:
    bool isTypeWord(const Token& token) const {
        return token.isIdentifier() &&
               (isBuiltinType(token.text) || m_s.typedefs.contains(token.text) ||
                token.text == "struct" || token.text == "union" || token.text == "enum");
    }
    bool startsDeclaration(std::size_t i) const {
        while (i < m_t.size() && m_t[i].isIdentifier() && kQualifiers.contains(m_t[i].text))
            ++i;
        return i < m_t.size() && isTypeWord(m_t[i]);
    }

    // `typedef <type words> Name;` (or a struct's body then Name).
    void typedefAt(std::size_t first, std::size_t semicolon) {
        if (first >= semicolon || m_t[first].text != "typedef")
            return;
        std::size_t nameAt = semicolon - 1;
        if (!m_t[nameAt].isIdentifier())
            return;
        Declaration declaration;
        readType(first + 1, nameAt, declaration);
        m_s.typedefs[m_t[nameAt].text] = declaration.type;
    }

    // Reads specifiers from `i` on into declaration.type; returns where the declarator begins.
    std::size_t readType(std::size_t i, std::size_t end, Declaration& declaration) const {
        std::string sign;
        std::string word;
        for (; i < end; ++i) {
            const Token& token = m_t[i];
            if (token.text == "__attribute__" && i + 1 < end && m_t[i + 1].is("(")) {
                i = m_match[i + 1];
            } else if (token.text == "unsigned" || token.text == "signed") {
                sign = token.text;
            } else if (token.text == "struct" || token.text == "union" || token.text == "enum") {
                word = token.text;
                if (i + 1 < end && m_t[i + 1].isIdentifier())
                    word += " " + m_t[++i].text;
                if (i + 1 < end && m_t[i + 1].is("{"))
                    i = m_match[i + 1];
            } else if (token.isIdentifier() && kQualifiers.contains(token.text)) {
                continue;
            } else if (token.isIdentifier() && word.empty() && isTypeWord(token)) {
                word = token.text;
            } else {
                break;
            }
        }
        if (sign == "unsigned")
            word = word.empty() || word == "int" ? "uint" : "u" + word;
        else if (word.empty() && sign == "signed")
            word = "int";
        declaration.type = word;
        return i;
    }

    // `* * name [a][b] = ...` from `i` to `end` (exclusive).
    std::optional<Declaration> declarator(std::size_t i, std::size_t end,
                                          const Declaration& base) const {
        Declaration declaration = base;
        for (; i < end &&
               (m_t[i].is("*") || (m_t[i].isIdentifier() && kQualifiers.contains(m_t[i].text)));
             ++i)
            declaration.pointers += m_t[i].is("*") ? 1 : 0;
        if (i >= end || !m_t[i].isIdentifier())
            return std::nullopt;
        declaration.name = m_t[i++].text;
        while (i < end && m_t[i].is("[")) {
            std::string text;
            for (std::size_t k = i + 1; k < m_match[i]; ++k)
                text += (text.empty() ? "" : " ") + m_t[k].text;
            declaration.arrays.push_back(text);
            i = m_match[i] + 1;
        }
        return declaration;
    }

    // Every declarator of a declaration from `first` to `end` (a ';' or a for's first ';').
    std::vector<Declaration> declarations(std::size_t first, std::size_t end) const {
        Declaration base;
        std::size_t i = readType(first, end, base);
        std::vector<Declaration> found;
        std::size_t start = i;
        for (; i <= end; ++i) {
            if (i < end && (m_t[i].is("(") || m_t[i].is("[") || m_t[i].is("{"))) {
                i = m_match[i];
                continue;
            }
            if (i == end || m_t[i].is(",")) {
                std::size_t stop = start;
                while (stop < i && !m_t[stop].is("="))
                    stop = m_t[stop].is("[") ? m_match[stop] + 1 : stop + 1;
                if (std::optional<Declaration> one = declarator(start, stop, base)) {
                    one->visibleFrom = i;
                    found.push_back(*one);
                }
                start = i + 1;
            }
        }
        return found;
    }

    bool function(std::size_t open, std::size_t declarationStart) {
        std::size_t j = open;
        while (j > 0 && m_t[j - 1].is(")")) {
            const std::size_t paren = m_match[j - 1];
            if (paren >= 2 && m_t[paren - 1].is("(") && m_t[paren - 2].text == "__attribute__") {
                j = paren - 2; // __attribute__((...)) after the parameters
                continue;
            }
            if (paren >= 1 && m_t[paren - 1].text == "__attribute__") {
                j = paren - 1;
                continue;
            }
            break;
        }
        if (j == 0 || !m_t[j - 1].is(")"))
            return false;
        Function function;
        function.paramsClose = j - 1;
        function.paramsOpen = m_match[j - 1];
        if (function.paramsOpen == 0 || !m_t[function.paramsOpen - 1].isIdentifier())
            return false;
        function.name = m_t[function.paramsOpen - 1].text;
        for (std::size_t k = declarationStart; k < function.paramsOpen; ++k)
            function.kernel |= m_t[k].text == "__kernel" || m_t[k].text == "kernel";
        function.bodyOpen = open;
        function.bodyClose = m_match[open];
        std::size_t start = function.paramsOpen + 1;
        for (std::size_t k = start; k <= function.paramsClose; ++k) {
            if (k < function.paramsClose && (m_t[k].is("(") || m_t[k].is("["))) {
                k = m_match[k];
                continue;
            }
            if (k == function.paramsClose || m_t[k].is(",")) {
                Declaration base;
                const std::size_t at = readType(start, k, base);
                if (std::optional<Declaration> parameter = declarator(at, k, base)) {
                    parameter->visibleFrom = open;
                    function.parameters.push_back(*parameter);
                }
                start = k + 1;
            }
        }
        m_function = &function;
        function.blocks.push_back({open, function.bodyClose, -1, {}});
        for (std::size_t k = open + 1; k < function.bodyClose;)
            k = statement(k, 0, false);
        m_s.functions.push_back(std::move(function));
        m_function = nullptr;
        return true;
    }

    int newBlock(std::size_t first, std::size_t last, int parent) {
        m_function->blocks.push_back({first, last, parent, {}});
        return int(m_function->blocks.size() - 1);
    }

    // The end of a simple statement from `i`: its ';' (brackets skipped).
    std::size_t semicolonFrom(std::size_t i, std::size_t limit) const {
        while (i < limit && !m_t[i].is(";"))
            i = (m_t[i].is("(") || m_t[i].is("[") || m_t[i].is("{")) ? m_match[i] + 1 : i + 1;
        return std::min(i, limit);
    }

    // Reads the statement at `i` in `block`; returns the index after it.
    std::size_t statement(std::size_t i, int block, bool unbraced) {
        const std::size_t limit = m_function->bodyClose;
        if (i >= limit)
            return limit;
        const Token& token = m_t[i];
        // Labels are not statements of their own: the statement after one is.
        if ((token.text == "case" || token.text == "default") ||
            (token.isIdentifier() && i + 1 < limit && m_t[i + 1].is(":") && !isTypeWord(token))) {
            std::size_t colon = i;
            while (colon < limit && !m_t[colon].is(":"))
                colon = m_t[colon].is("(") ? m_match[colon] + 1 : colon + 1;
            return statement(colon + 1, block, unbraced);
        }
        const int index = int(m_function->statements.size());
        m_function->statements.push_back({});
        Statement s;
        s.first = i;
        s.block = block;
        s.unbracedBody = unbraced;
        std::size_t next = i + 1;
        auto body = [&](std::size_t at, int scope) {
            const int bodyIndex = int(m_function->statements.size());
            const std::size_t after = statement(at, scope, at < limit && !m_t[at].is("{"));
            return std::pair{bodyIndex, after};
        };
        if (token.is("{")) {
            s.kind = Statement::Kind::Compound;
            s.bodyOpen = i;
            s.bodyBlock = newBlock(i, m_match[i], block);
            for (std::size_t k = i + 1; k < m_match[i];)
                k = statement(k, s.bodyBlock, false);
            next = m_match[i] + 1;
        } else if (token.is(";")) {
            s.kind = Statement::Kind::Empty;
        } else if ((token.text == "if" || token.text == "while" || token.text == "switch") &&
                   i + 1 < limit && m_t[i + 1].is("(")) {
            s.kind = token.text == "if"      ? Statement::Kind::If
                     : token.text == "while" ? Statement::Kind::Loop
                                             : Statement::Kind::Switch;
            auto [bodyIndex, after] = body(m_match[i + 1] + 1, block);
            s.body = bodyIndex;
            next = after;
            if (token.text == "if" && next < limit && m_t[next].text == "else")
                next = body(next + 1, block).second;
        } else if (token.text == "for" && i + 1 < limit && m_t[i + 1].is("(")) {
            s.kind = Statement::Kind::Loop;
            const std::size_t close = m_match[i + 1];
            s.bodyBlock = newBlock(i, close, block);
            const std::size_t initEnd = semicolonFrom(i + 2, close);
            if (startsDeclaration(i + 2))
                m_function->blocks[size_t(s.bodyBlock)].declarations = declarations(i + 2, initEnd);
            auto [bodyIndex, after] = body(close + 1, s.bodyBlock);
            s.body = bodyIndex;
            next = after;
            m_function->blocks[size_t(s.bodyBlock)].last = next - 1;
        } else if (token.text == "do") {
            s.kind = Statement::Kind::Loop;
            auto [bodyIndex, after] = body(i + 1, block);
            s.body = bodyIndex;
            next = semicolonFrom(after, limit) + 1; // while (...);
        } else {
            const bool jump = token.text == "return" || token.text == "break" ||
                              token.text == "continue" || token.text == "goto";
            s.kind = jump ? Statement::Kind::Jump : Statement::Kind::Simple;
            const std::size_t end = semicolonFrom(i, limit);
            if (!jump && startsDeclaration(i))
                for (Declaration& declaration : declarations(i, end))
                    m_function->blocks[size_t(block)].declarations.push_back(declaration);
            next = end + 1;
        }
        s.last = std::min(next, limit) - 1;
        m_function->statements[size_t(index)] = s;
        return std::min(next, limit);
    }

    SourceStructure& m_s;
    const std::vector<Token>& m_t;
    const std::vector<std::size_t>& m_match;
    Function* m_function = nullptr;
};

} // namespace

SourceStructure readStructure(const std::string& source) {
    SourceStructure structure;
    structure.tokens = tokenize(source);
    std::vector<std::size_t> match;
    if (!matchBrackets(structure.tokens, match, structure.problem))
        return structure;
    Reader(structure, match).run();
    return structure;
}

std::optional<Declaration> lookUp(const Function& function, int block, std::size_t at,
                                  const std::string& name) {
    for (int b = block; b >= 0; b = function.blocks[size_t(b)].parent) {
        const std::vector<Declaration>& declared = function.blocks[size_t(b)].declarations;
        for (auto it = declared.rbegin(); it != declared.rend(); ++it)
            if (it->name == name && it->visibleFrom <= at)
                return *it;
    }
    for (const Declaration& parameter : function.parameters)
        if (parameter.name == name)
            return parameter;
    return std::nullopt;
}

} // namespace clw::engine::code
