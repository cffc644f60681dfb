#include "clw/engine/launch/Preprocessor.h"

#include "MacroExpander.h"
#include "PpExpression.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace clw::engine {

namespace {

using namespace pp;

constexpr int kMaxIncludeDepth = 64; // deeper is an include cycle without a guard
constexpr int kMaxJoinedLines = 256; // a function-like macro call may span this many lines

// Where quoted includes of a file are looked up first: its folder within the set, or on disk.
struct IncludeBase {
    std::string dir; // "kernels/" in the set, or "/abs/path/" on disk; ends with '/' or is empty
    bool onDisk = false;
};

// One #if ... #endif level of one file.
struct Conditional {
    bool parentActive = true; // whether the enclosing level is being read
    bool active = false;      // whether this branch is being read
    bool taken = false;       // whether some branch of this level was read already
    bool sawElse = false;
    int line = 0;
};

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);)
        lines.push_back(std::move(line));
    return lines;
}

std::string directoryOf(const std::string& name) {
    const auto slash = name.find_last_of('/');
    return slash == std::string::npos ? std::string() : name.substr(0, slash + 1);
}

bool readFile(const std::filesystem::path& path, std::string& text) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        return false;
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return false;
    std::ostringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
    return true;
}

// "#  define X" -> the tokens after '#'; empty when the line is no directive.
bool isDirective(const std::string& line) {
    const size_t first = line.find_first_not_of(" \t\f\v");
    return first != std::string::npos && line[first] == '#';
}

class PreprocessorRun {
public:
    PreprocessorRun(const SourceSet& sources, const PreprocessorOptions& options)
        : m_sources(sources)
        , m_options(options) {}

    PreprocessedSource run() {
        predefine();
        if (const SourceFile* main = m_sources.main())
            processFile(main->name, main->text, {directoryOf(main->name), false}, 0);
        return std::move(m_result);
    }

private:
    void predefine() {
        const std::string version = std::to_string(m_options.openclCVersion);
        for (const char* text : {
                 "__OPENCL_VERSION__ 300",
                 "CL_VERSION_1_0 100",
                 "CL_VERSION_1_1 110",
                 "CL_VERSION_1_2 120",
                 "CL_VERSION_2_0 200",
                 "CL_VERSION_2_1 210",
                 "CL_VERSION_2_2 220",
                 "CL_VERSION_3_0 300",
                 "__ENDIAN_LITTLE__ 1",
                 "__IMAGE_SUPPORT__ 1",
                 // OpenCL C 6.11.5's shorthand for the two hints.
                 "__kernel_exec(X, typen) __kernel __attribute__((work_group_size_hint(X, 1, 1))) "
                 "__attribute__((vec_type_hint(typen)))",
                 "kernel_exec(X, typen) __kernel __attribute__((work_group_size_hint(X, 1, 1))) "
                 "__attribute__((vec_type_hint(typen)))",
             })
            defineFromText(text);
        defineFromText("__OPENCL_C_VERSION__ " + version);
        if (m_options.fastRelaxedMath)
            defineFromText("__FAST_RELAXED_MATH__ 1");
        for (const auto& [name, value] : m_options.defines)
            defineFromText(name + " " + value);
        for (const std::string& name : m_options.undefines)
            m_macros.undefine(name);
    }

    void defineFromText(const std::string& text) { define(tokenize(text), "", 0); }

    void warn(const std::string& file, int line, const std::string& message) {
        m_result.warnings.push_back(file + ":" + std::to_string(line) + ": " + message);
    }

    bool active() const { return m_conditionals.empty() || m_conditionals.back().active; }

    void processFile(const std::string& name, const std::string& text, const IncludeBase& dir,
                     int depth) {
        const std::vector<std::string> lines = splitLines(withoutComments(text));
        const size_t outerConditionals = m_conditionals.size();
        for (size_t i = 0; i < lines.size(); ++i) {
            const int lineNumber = int(i) + 1;
            if (isDirective(lines[i])) {
                Tokens tokens = tokenize(lines[i], lineNumber);
                tokens.erase(tokens.begin()); // the '#'
                directive(tokens, name, lineNumber, dir, depth);
                continue;
            }
            if (!active()) {
                m_result.text += '\n';
                continue;
            }
            Tokens tokens = tokenize(lines[i], lineNumber);
            size_t last = i;
            while (m_macros.wantsMore(tokens) && last + 1 < lines.size() &&
                   !isDirective(lines[last + 1]) && last - i < kMaxJoinedLines) {
                ++last;
                Tokens more = tokenize(lines[last], int(last) + 1);
                if (!more.empty())
                    more.front().spaceBefore = true;
                tokens.insert(tokens.end(), more.begin(), more.end());
            }
            m_macros.setLocation(name, lineNumber);
            emit(m_macros.expand(std::move(tokens)), lineNumber, int(last) + 1);
            i = last;
        }
        while (m_conditionals.size() > outerConditionals) {
            warn(name, m_conditionals.back().line, "#if without #endif");
            m_conditionals.pop_back();
        }
    }

    // Writes lines first..last of the input: each token on the line it came from where the
    // order allows, so that a signature spanning lines keeps its line numbers.
    void emit(const Tokens& tokens, int first, int last) {
        int line = first;
        bool lineStart = true;
        for (const Token& token : tokens) {
            for (; line < token.line && line < last; ++line, lineStart = true)
                m_result.text += '\n';
            if (!lineStart && token.spaceBefore)
                m_result.text += ' ';
            m_result.text += token.text;
            lineStart = false;
        }
        m_result.text.append(size_t(last - line + 1), '\n');
    }

    void directive(const Tokens& tokens, const std::string& file, int line, const IncludeBase& dir,
                   int depth) {
        const std::string name = tokens.empty() ? std::string() : tokens.front().text;
        const Tokens rest(tokens.empty() ? tokens.end() : tokens.begin() + 1, tokens.end());
        if (name == "if" || name == "ifdef" || name == "ifndef") {
            Conditional level;
            level.parentActive = active();
            level.line = line;
            level.active = level.parentActive && condition(name, rest, file, line);
            level.taken = level.active;
            m_conditionals.push_back(level);
        } else if (name == "elif" || name == "elifdef" || name == "elifndef" || name == "else") {
            if (m_conditionals.empty()) {
                warn(file, line, "#" + name + " without #if");
            } else {
                Conditional& level = m_conditionals.back();
                if (level.sawElse)
                    warn(file, line, "#" + name + " after #else");
                const bool isElse = name == "else";
                level.sawElse = level.sawElse || isElse;
                const std::string test = name == "elif" ? "if" : name.substr(2);
                level.active = level.parentActive && !level.taken &&
                               (isElse || condition(test, rest, file, line));
                level.taken = level.taken || level.active;
            }
        } else if (name == "endif") {
            if (m_conditionals.empty())
                warn(file, line, "#endif without #if");
            else
                m_conditionals.pop_back();
        } else if (!active()) {
            // Other directives in a skipped branch do nothing.
        } else if (name == "define") {
            define(rest, file, line);
        } else if (name == "undef") {
            if (!rest.empty())
                m_macros.undefine(rest.front().text);
        } else if (name == "include") {
            include(rest, file, line, dir, depth);
            return; // include() wrote the line itself
        } else if (name == "error" || name == "warning") {
            warn(file, line, "#" + name + " " + spell(rest));
        } else if (name == "pragma") {
            if (!rest.empty() && rest.front().text == "once")
                m_onceFiles.insert(file);
        } else if (!name.empty() && name != "line" &&
                   !(tokens.front().kind == TokenKind::Number)) { // "# 12 file" is a line marker
            warn(file, line, "unknown directive #" + name + " ignored");
        }
        m_result.text += '\n';
    }

    bool condition(const std::string& kind, const Tokens& rest, const std::string& file, int line) {
        if (kind == "ifdef" || kind == "ifndef" || kind == "def" || kind == "ndef") {
            if (rest.empty() || rest.front().kind != TokenKind::Identifier) {
                warn(file, line, "#" + kind + " without a macro name");
                return false;
            }
            const bool defined = m_macros.isDefined(rest.front().text);
            return (kind == "ifdef" || kind == "def") ? defined : !defined;
        }
        // `defined X` and `defined(X)` are answered before expansion, as C says.
        Tokens replaced;
        for (size_t i = 0; i < rest.size(); ++i) {
            if (!rest[i].isIdentifier("defined")) {
                replaced.push_back(rest[i]);
                continue;
            }
            const bool paren = i + 1 < rest.size() && rest[i + 1].is("(");
            const size_t nameAt = i + (paren ? 2 : 1);
            if (nameAt >= rest.size() || rest[nameAt].kind != TokenKind::Identifier ||
                (paren && (nameAt + 1 >= rest.size() || !rest[nameAt + 1].is(")")))) {
                warn(file, line, "malformed 'defined' in #" + kind);
                return false;
            }
            Token value = rest[i];
            value.kind = TokenKind::Number;
            value.text = m_macros.isDefined(rest[nameAt].text) ? "1" : "0";
            replaced.push_back(value);
            i = nameAt + (paren ? 1 : 0);
        }
        m_macros.setLocation(file, line);
        long long value = 0;
        std::string error;
        if (!evaluateExpression(m_macros.expand(std::move(replaced)), value, error)) {
            warn(file, line, "#" + kind + " " + spell(rest) + ": " + error + " (taken as false)");
            return false;
        }
        return value != 0;
    }

    void define(const Tokens& tokens, const std::string& file, int line) {
        if (tokens.empty() || tokens.front().kind != TokenKind::Identifier) {
            warn(file, line, "#define without a macro name");
            return;
        }
        Macro macro;
        size_t i = 1;
        // A '(' right after the name, with no space, makes a function-like macro.
        if (i < tokens.size() && tokens[i].is("(") && !tokens[i].spaceBefore) {
            macro.functionLike = true;
            for (++i; i < tokens.size() && !tokens[i].is(")"); ++i) {
                if (tokens[i].is(","))
                    continue;
                if (tokens[i].is("...")) {
                    macro.variadic = true;
                    macro.params.push_back("__VA_ARGS__");
                } else if (tokens[i].kind == TokenKind::Identifier) {
                    macro.params.push_back(tokens[i].text);
                } else {
                    warn(file, line, "bad parameter '" + tokens[i].text + "' in #define");
                    return;
                }
            }
            if (i == tokens.size()) {
                warn(file, line, "unclosed parameter list in #define");
                return;
            }
            ++i;
        }
        macro.body.assign(tokens.begin() + long(i), tokens.end());
        if (!macro.body.empty())
            macro.body.front().spaceBefore = false;
        m_macros.define(tokens.front().text, std::move(macro));
    }

    void include(const Tokens& rest, const std::string& file, int line, const IncludeBase& dir,
                 int depth) {
        m_result.text += '\n';
        // `#include MACRO` names the file through a macro.
        const Tokens spelled = !rest.empty() && rest.front().kind == TokenKind::Identifier
                                   ? m_macros.expand(rest)
                                   : rest;
        const std::string target = spell(spelled);
        std::string wanted;
        bool quoted = false;
        if (target.size() >= 2 && target.front() == '"' && target.back() == '"') {
            wanted = target.substr(1, target.size() - 2);
            quoted = true;
        } else if (target.size() >= 2 && target.front() == '<' && target.back() == '>') {
            wanted = std::string();
            for (const Token& token : spelled) // "<a/b.h>" comes as several tokens
                if (!token.is("<") && !token.is(">"))
                    wanted += token.text;
        } else {
            warn(file, line, "#include " + target + ": not a \"file\" or <file> name; skipped");
            return;
        }
        std::string resolved, text;
        IncludeBase baseDir;
        if (!resolve(wanted, quoted, dir, resolved, text, baseDir)) {
            warn(file, line, "#include \"" + wanted + "\" not found; skipped");
            return;
        }
        if (m_onceFiles.count(resolved))
            return;
        if (depth + 1 > kMaxIncludeDepth) {
            warn(file, line, "#include \"" + wanted + "\" nested too deeply; skipped");
            return;
        }
        if (std::find(m_result.includedFiles.begin(), m_result.includedFiles.end(), resolved) ==
            m_result.includedFiles.end())
            m_result.includedFiles.push_back(resolved);
        m_result.text.pop_back(); // the markers take the include line's place
        m_result.text += "#line 1 \"" + resolved + "\"\n";
        processFile(resolved, text, baseDir, depth + 1);
        m_result.text += "#line " + std::to_string(line + 1) + " \"" + file + "\"\n";
    }

    // "x" first beside the including file (in the set, or on disk for a file read from
    // disk); then, for "x" and <x>, the set by name, the -I directories, the set's directories.
    bool resolve(const std::string& wanted, bool quoted, const IncludeBase& dir,
                 std::string& resolved, std::string& text, IncludeBase& baseDir) const {
        const auto fromSet = [&](const std::string& name) {
            const SourceFile* found = m_sources.find(name);
            if (found) {
                resolved = found->name;
                text = found->text;
                baseDir = {directoryOf(found->name), false};
            }
            return found != nullptr;
        };
        const auto fromDisk = [&](const std::filesystem::path& path) {
            if (!readFile(path, text))
                return false;
            resolved = path.lexically_normal().generic_string();
            baseDir = {directoryOf(resolved), true};
            return true;
        };
        if (quoted && !dir.onDisk && fromSet(dir.dir + wanted))
            return true;
        if (quoted && dir.onDisk && fromDisk(std::filesystem::path(dir.dir) / wanted))
            return true;
        if (fromSet(wanted))
            return true;
        std::vector<std::string> dirs = m_options.includeDirs;
        dirs.insert(dirs.end(), m_sources.includeDirs.begin(), m_sources.includeDirs.end());
        for (const std::string& directory : dirs)
            if (fromDisk(std::filesystem::path(directory) / wanted))
                return true;
        return false;
    }

    const SourceSet& m_sources;
    const PreprocessorOptions& m_options;
    MacroExpander m_macros;
    std::vector<Conditional> m_conditionals;
    std::set<std::string> m_onceFiles;
    PreprocessedSource m_result;
};

} // namespace

PreprocessedSource preprocess(const SourceSet& sources, const PreprocessorOptions& options) {
    return PreprocessorRun(sources, options).run();
}

} // namespace clw::engine
