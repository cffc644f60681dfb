#include "MacroExpander.h"

#include <algorithm>

namespace clw::engine::pp {

namespace {

bool hides(const Token& token, const std::string& name) {
    return std::find(token.hideSet.begin(), token.hideSet.end(), name) != token.hideSet.end();
}

void addHidden(Token& token, const std::vector<std::string>& names) {
    for (const std::string& name : names)
        if (!hides(token, name))
            token.hideSet.push_back(name);
}

// The index of the ')' closing the '(' at `open`, or tokens.size() when the list is unclosed.
size_t closingParen(const Tokens& tokens, size_t open) {
    int depth = 0;
    for (size_t i = open; i < tokens.size(); ++i) {
        if (tokens[i].is("("))
            ++depth;
        else if (tokens[i].is(")") && --depth == 0)
            return i;
    }
    return tokens.size();
}

// The arguments between '(' at `open` and ')' at `close`, split at top-level commas; the
// variadic tail keeps its commas.
std::vector<Tokens> splitArguments(const Tokens& tokens, size_t open, size_t close,
                                   const Macro& macro) {
    std::vector<Tokens> args(1);
    int depth = 0;
    for (size_t i = open + 1; i < close; ++i) {
        const Token& token = tokens[i];
        if (token.is("(") || token.is("[") || token.is("{"))
            ++depth;
        else if (token.is(")") || token.is("]") || token.is("}"))
            --depth;
        const bool inVariadicTail = macro.variadic && args.size() == macro.params.size();
        if (depth == 0 && token.is(",") && !inVariadicTail)
            args.emplace_back();
        else
            args.back().push_back(token);
    }
    // `f()` passes one empty argument, which is zero arguments for a macro of none.
    if (macro.params.empty() && args.size() == 1 && args[0].empty())
        args.clear();
    // A variadic macro called without the variadic part gets an empty __VA_ARGS__.
    if (macro.variadic && args.size() + 1 == macro.params.size())
        args.emplace_back();
    return args;
}

Token stringize(const Tokens& arg) {
    Token token;
    token.kind = TokenKind::String;
    token.text = "\"";
    for (size_t i = 0; i < arg.size(); ++i) {
        if (i > 0 && arg[i].spaceBefore)
            token.text += ' ';
        for (char c : arg[i].text) {
            const bool quoted = arg[i].kind == TokenKind::String || arg[i].kind == TokenKind::Char;
            if (quoted && (c == '"' || c == '\\'))
                token.text += '\\';
            token.text += c;
        }
    }
    token.text += '"';
    return token;
}

// a ## b: the last token of `out` and the first of `right` become one token.
void paste(Tokens& out, const Tokens& right) {
    if (right.empty())
        return;
    if (out.empty()) {
        out.insert(out.end(), right.begin(), right.end());
        return;
    }
    Token& left = out.back();
    Tokens joined = tokenize(left.text + right.front().text, left.line);
    const bool space = left.spaceBefore;
    out.pop_back();
    for (size_t i = 0; i < joined.size(); ++i) {
        joined[i].spaceBefore = i == 0 ? space : false;
        out.push_back(std::move(joined[i]));
    }
    out.insert(out.end(), right.begin() + 1, right.end());
}

int paramIndex(const Macro& macro, const Token& token) {
    if (token.kind != TokenKind::Identifier)
        return -1;
    const auto it = std::find(macro.params.begin(), macro.params.end(), token.text);
    return it == macro.params.end() ? -1 : int(it - macro.params.begin());
}

} // namespace

bool MacroExpander::isDefined(const std::string& name) const {
    return m_macros.count(name) > 0 || name == "__LINE__" || name == "__FILE__";
}

void MacroExpander::setLocation(std::string file, int line) {
    m_file = std::move(file);
    m_line = line;
}

const Macro* MacroExpander::find(const Token& token) const {
    if (token.kind != TokenKind::Identifier || hides(token, token.text))
        return nullptr;
    const auto it = m_macros.find(token.text);
    return it == m_macros.end() ? nullptr : &it->second;
}

Tokens MacroExpander::substitute(const Macro& macro, const std::vector<Tokens>& args,
                                 const std::vector<std::string>& hideSet) const {
    Tokens out;
    const Tokens& body = macro.body;
    for (size_t i = 0; i < body.size(); ++i) {
        const Token& token = body[i];
        const bool nextIsPaste = i + 1 < body.size() && body[i + 1].is("##");
        if (macro.functionLike && token.is("#") && i + 1 < body.size() &&
            paramIndex(macro, body[i + 1]) >= 0) {
            out.push_back(stringize(args[size_t(paramIndex(macro, body[i + 1]))]));
            out.back().spaceBefore = token.spaceBefore;
            ++i;
        } else if (token.is("##") && i + 1 < body.size()) {
            const int p = paramIndex(macro, body[i + 1]);
            paste(out, p >= 0 ? args[size_t(p)] : Tokens{body[i + 1]});
            ++i;
        } else if (const int p = paramIndex(macro, token); p >= 0) {
            // An operand of ## is pasted as written; any other argument is expanded first.
            Tokens arg = nextIsPaste ? args[size_t(p)] : expand(args[size_t(p)]);
            if (!arg.empty())
                arg.front().spaceBefore = token.spaceBefore;
            out.insert(out.end(), arg.begin(), arg.end());
        } else {
            out.push_back(token);
        }
    }
    for (Token& token : out)
        addHidden(token, hideSet);
    return out;
}

Tokens MacroExpander::expand(Tokens tokens) const {
    Tokens out;
    size_t i = 0;
    while (i < tokens.size()) {
        const Token& token = tokens[i];
        if (token.isIdentifier("__LINE__") || token.isIdentifier("__FILE__")) {
            Token value = token;
            value.kind = token.text == "__LINE__" ? TokenKind::Number : TokenKind::String;
            value.text = token.text == "__LINE__" ? std::to_string(m_line) : '"' + m_file + '"';
            out.push_back(std::move(value));
            ++i;
            continue;
        }
        const Macro* macro = find(token);
        const bool invoked =
            macro && (!macro->functionLike || (i + 1 < tokens.size() && tokens[i + 1].is("(")));
        if (!invoked) {
            out.push_back(token);
            ++i;
            continue;
        }
        std::vector<std::string> hideSet = token.hideSet;
        size_t end = i + 1; // one past the invocation
        std::vector<Tokens> args;
        if (macro->functionLike) {
            const size_t close = closingParen(tokens, i + 1);
            if (close == tokens.size()) { // unclosed: not an invocation we can expand
                out.insert(out.end(), tokens.begin() + long(i), tokens.end());
                break;
            }
            args = splitArguments(tokens, i + 1, close, *macro);
            if (args.size() != macro->params.size()) { // wrong count: leave it as written
                out.push_back(token);
                ++i;
                continue;
            }
            // Prosser: the expansion hides what both the name and the ')' hid.
            std::vector<std::string> kept;
            for (const std::string& name : hideSet)
                if (hides(tokens[close], name))
                    kept.push_back(name);
            hideSet = std::move(kept);
            end = close + 1;
        }
        hideSet.push_back(token.text);
        Tokens replacement = substitute(*macro, args, hideSet);
        for (Token& t : replacement)
            t.line = token.line;
        if (!replacement.empty())
            replacement.front().spaceBefore = token.spaceBefore;
        // The replacement is rescanned together with what follows it.
        tokens.erase(tokens.begin() + long(i), tokens.begin() + long(end));
        tokens.insert(tokens.begin() + long(i), replacement.begin(), replacement.end());
    }
    return out;
}

bool MacroExpander::wantsMore(const Tokens& tokens) const {
    for (size_t i = 0; i < tokens.size(); ++i) {
        const Macro* macro = find(tokens[i]);
        if (!macro || !macro->functionLike)
            continue;
        if (i + 1 == tokens.size())
            return true;
        if (tokens[i + 1].is("(") && closingParen(tokens, i + 1) == tokens.size())
            return true;
    }
    return false;
}

} // namespace clw::engine::pp
