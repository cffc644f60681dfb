#pragma once
// The macro table and macro expansion of the preprocessor: object-like and function-like macros
// with nested expansion, # and ##, __VA_ARGS__, and hide sets so that a macro never expands
// inside its own expansion.
#include "PpToken.h"

#include <map>
#include <string>
#include <vector>

namespace clw::engine::pp {

struct Macro {
    bool functionLike = false;
    std::vector<std::string> params; // "__VA_ARGS__" last for a variadic macro
    bool variadic = false;
    Tokens body;
};

class MacroExpander {
public:
    void define(const std::string& name, Macro macro) { m_macros[name] = std::move(macro); }
    void undefine(const std::string& name) { m_macros.erase(name); }
    bool isDefined(const std::string& name) const;
    // Where __FILE__ and __LINE__ point for the next expand().
    void setLocation(std::string file, int line);

    // The tokens with every macro expanded.
    Tokens expand(Tokens tokens) const;
    // True when the tokens end inside a function-like macro's argument list, or right after
    // such a macro's name: the invocation goes on on the next line, which the caller appends.
    bool wantsMore(const Tokens& tokens) const;

private:
    const Macro* find(const Token& token) const;
    Tokens substitute(const Macro& macro, const std::vector<Tokens>& args,
                      const std::vector<std::string>& hideSet) const;

    std::map<std::string, Macro> m_macros;
    std::string m_file;
    int m_line = 0;
};

} // namespace clw::engine::pp
