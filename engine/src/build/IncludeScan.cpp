#include "clw/engine/IncludeScan.h"

#include "clw/engine/Sha256.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace clw::engine {

namespace {

// The text with comments replaced by spaces (newlines kept), so `// #include "x"` is not read.
std::string withoutComments(const std::string& text) {
    std::string out = text;
    for (size_t i = 0; i + 1 < out.size(); ++i) {
        if (out[i] == '"') { // skip string literals
            for (++i; i < out.size() && out[i] != '"' && out[i] != '\n'; ++i)
                if (out[i] == '\\')
                    ++i;
        } else if (out[i] == '/' && out[i + 1] == '/') {
            for (; i < out.size() && out[i] != '\n'; ++i)
                out[i] = ' ';
        } else if (out[i] == '/' && out[i + 1] == '*') {
            size_t j = i;
            for (; j + 1 < out.size() && !(out[j] == '*' && out[j + 1] == '/'); ++j)
                if (out[j] != '\n')
                    out[j] = ' ';
            for (size_t k = j; k < std::min(j + 2, out.size()); ++k)
                out[k] = ' ';
            i = j + 1;
        }
    }
    return out;
}

std::string directoryOf(const std::string& name) {
    const auto slash = name.find_last_of('/');
    return slash == std::string::npos ? std::string() : name.substr(0, slash + 1);
}

bool readFile(const std::filesystem::path& path, std::string& text) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return false;
    std::ostringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
    return true;
}

} // namespace

std::vector<std::string> includeNames(const std::string& text) {
    std::vector<std::string> names;
    std::istringstream lines(withoutComments(text));
    for (std::string line; std::getline(lines, line);) {
        size_t i = line.find_first_not_of(" \t");
        if (i == std::string::npos || line[i] != '#')
            continue;
        i = line.find_first_not_of(" \t", i + 1);
        if (i == std::string::npos || line.compare(i, 7, "include") != 0)
            continue;
        i = line.find_first_not_of(" \t", i + 7);
        if (i == std::string::npos || (line[i] != '"' && line[i] != '<'))
            continue;
        const char close = line[i] == '"' ? '"' : '>';
        const size_t end = line.find(close, i + 1);
        if (end != std::string::npos)
            names.push_back(line.substr(i + 1, end - i - 1));
    }
    return names;
}

std::vector<ResolvedInclude> scanIncludes(const SourceSet& sources) {
    std::vector<ResolvedInclude> result;
    const SourceFile* main = sources.main();
    if (!main)
        return result;
    std::set<std::string> seen;
    // (text, the directory its quoted includes are relative to within the set)
    std::vector<std::pair<std::string, std::string>> pending{{main->text, directoryOf(main->name)}};
    while (!pending.empty()) {
        auto [text, baseDir] = std::move(pending.back());
        pending.pop_back();
        for (const std::string& spelled : includeNames(text)) {
            ResolvedInclude include;
            include.spelled = spelled;
            std::string content;
            // The set first (relative to the including file, then as written), then the
            // directories in order.
            for (const std::string& candidate : {baseDir + spelled, spelled}) {
                if (const SourceFile* file = sources.find(candidate)) {
                    include.resolved = file->name;
                    include.fromSet = include.found = true;
                    content = file->text;
                    break;
                }
            }
            for (size_t d = 0; !include.found && d < sources.includeDirs.size(); ++d) {
                const std::filesystem::path path =
                    std::filesystem::path(sources.includeDirs[d]) / spelled;
                if (readFile(path, content)) {
                    include.resolved = path.lexically_normal().string();
                    include.found = true;
                }
            }
            if (!include.found)
                include.resolved = spelled;
            if (!seen.insert(include.resolved).second)
                continue;
            if (include.found) {
                include.digest = Sha256::hex(Sha256::digest(content));
                pending.emplace_back(std::move(content),
                                     include.fromSet ? directoryOf(include.resolved) : baseDir);
            }
            result.push_back(std::move(include));
        }
    }
    return result;
}

} // namespace clw::engine
