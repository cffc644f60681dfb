#pragma once
// The statement structure of the functions of an OpenCL C file, read from its tokens: each
// function's parameters, its statements (with the block each is in, and the body of each control
// statement) and the declarations visible in each block, enough to place a watch's store at a
// line and to know the type of each name in scope there. Not a compiler: macros are not
// expanded and both sides of an #if are read. Internal to the engine.
#include "CodeTokens.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clw::engine::code {

// A declared name: `const __local float tile[16]` is type "float", arrays {"16"}.
struct Declaration {
    std::string name;
    std::string type; // the type's words without qualifiers: "float4", "uint", "struct P"
    int pointers = 0;
    std::vector<std::string> arrays; // each [..]'s text, outermost first
    std::size_t visibleFrom = 0;     // token index after which the name is in scope
};

struct Block {
    std::size_t first = 0; // token index where the scope begins ('{', or a for's `for`)
    std::size_t last = 0;  // where it ends
    int parent = -1;
    std::vector<Declaration> declarations;
};

struct Statement {
    enum class Kind { Simple, Jump, If, Loop, Switch, Compound, Empty };
    Kind kind = Kind::Simple;
    std::size_t first = 0; // token indices, inclusive
    std::size_t last = 0;
    int block = 0;             // the block it is in
    int body = -1;             // of If / Loop / Switch: the statement run as its body
    int bodyBlock = -1;        // of Compound: its block; of a for loop: the loop's scope
    bool unbracedBody = false; // the body of a control statement, not a '{' block
    std::size_t bodyOpen = 0;  // of Compound: its '{'
};

struct Function {
    std::string name;
    bool kernel = false;
    std::size_t paramsOpen = 0, paramsClose = 0; // '(' and ')'
    std::size_t bodyOpen = 0, bodyClose = 0;     // '{' and '}'
    std::vector<Declaration> parameters;
    std::vector<Block> blocks; // blocks[0]: the body
    std::vector<Statement> statements;
};

struct SourceStructure {
    std::vector<Token> tokens;
    std::vector<Function> functions;
    std::map<std::string, std::string> typedefs; // name -> the type's words
    // Why the structure could not be read (braces that do not match), empty when it was.
    std::string problem;
};

SourceStructure readStructure(const std::string& source);

// The declaration `name` has at token `at` of `function`'s block `block`: the innermost one
// declared before it, else a parameter. nullopt when none.
std::optional<Declaration> lookUp(const Function& function, int block, std::size_t at,
                                  const std::string& name);

} // namespace clw::engine::code
