#include "clw/engine/build/IncludeScan.h"

#include "clw/engine/build/SourceTextCheck.h"

#include "clw/engine/build/Sha256.h"
#include "clw/engine/launch/PreprocessorOptions.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace clw::engine {

namespace fs = std::filesystem;

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

struct IncludeLine {
    std::string name;
    bool quoted = false; // "name": searched beside the including file first; <name>: not
};

// The #include lines of one file's text. A line the scan cannot follow is described in
// `uncertain` (the first one found).
std::vector<IncludeLine> includeLines(const std::string& text, const std::string& file,
                                      std::string& uncertain) {
    std::vector<IncludeLine> lines;
    // Every line the scan reads or doubts holds "include" (#include, #include_next,
    // __has_include): a text without it has none, and most kernels have none.
    if (text.find("include") == std::string::npos)
        return lines;
    const std::string stripped = withoutComments(text);
    int number = 0;
    // Line by line through views: no stream, whose first use in a process costs more than the
    // scan of a whole kernel.
    for (size_t start = 0; start < stripped.size();) {
        const size_t lineEnd = std::min(stripped.find('\n', start), stripped.size());
        const std::string_view line(stripped.data() + start, lineEnd - start);
        start = lineEnd + 1;
        ++number;
        const auto where = [&] { return file + " line " + std::to_string(number); };
        if (uncertain.empty() && line.find("__has_include") != std::string::npos)
            uncertain = where() + " asks __has_include, which the scan cannot answer";
        size_t i = line.find_first_not_of(" \t");
        if (i == std::string::npos || line[i] != '#')
            continue;
        i = line.find_first_not_of(" \t", i + 1);
        if (i == std::string::npos || line.compare(i, 7, "include") != 0)
            continue;
        if (line.compare(i, 12, "include_next") == 0) {
            if (uncertain.empty())
                uncertain = where() + " has #include_next, which the scan does not follow";
            continue;
        }
        i = line.find_first_not_of(" \t", i + 7);
        if (i == std::string::npos || (line[i] != '"' && line[i] != '<')) {
            if (uncertain.empty())
                uncertain = where() + " has a computed #include (a macro names the header)";
            continue;
        }
        const char close = line[i] == '"' ? '"' : '>';
        const size_t end = line.find(close, i + 1);
        if (end != std::string::npos)
            lines.push_back({std::string(line.substr(i + 1, end - i - 1)), close == '"'});
    }
    return lines;
}

std::string directoryOf(const std::string& name) {
    const auto slash = name.find_last_of('/');
    return slash == std::string::npos ? std::string() : name.substr(0, slash + 1);
}

bool readFile(const fs::path& path, std::string& text) {
    std::error_code error;
    if (!fs::is_regular_file(path, error))
        return false;
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return false;
    std::ostringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
    return true;
}

// A file whose includes are still to be read.
struct Pending {
    std::string text;
    std::string name;      // as the person knows it, for messages
    bool inSet = false;    // one of the set's files (else a file on disk)
    std::string directory; // where its quoted includes are looked for first: a set-relative
                           // prefix for a set file, a folder on disk for a file on disk
};

} // namespace

IncludeScanResult scanIncludes(const SourceSet& sources, std::string_view options) {
    IncludeScanResult result;
    const SourceFile* main = sources.main();
    if (!main)
        return result;
    const std::vector<std::string> optionDirs =
        PreprocessorOptions::fromBuildOptions(options).includeDirs;
    std::set<std::string> seen;
    std::vector<Pending> pending{{main->text, main->name, true, directoryOf(main->name)}};
    while (!pending.empty()) {
        const Pending from = std::move(pending.back());
        pending.pop_back();
        for (const IncludeLine& line : includeLines(from.text, from.name, result.uncertain)) {
            ResolvedInclude include;
            include.spelled = line.name;
            std::string content;
            auto fromSet = [&](const std::string& name) {
                if (const SourceFile* file = sources.find(name)) {
                    include.resolved = file->name;
                    include.fromSet = include.found = true;
                    content = file->text;
                }
                return include.found;
            };
            auto fromDisk = [&](const fs::path& path) {
                if (readFile(path, content)) {
                    include.resolved = path.lexically_normal().string();
                    include.found = true;
                }
                return include.found;
            };
            auto fromFolders = [&](const std::vector<std::string>& folders) {
                for (const std::string& folder : folders)
                    if (fromDisk(fs::path(folder) / line.name))
                        return true;
                return false;
            };
            const bool found =
                (line.quoted && (from.inSet ? fromSet(from.directory + line.name)
                                            : fromDisk(fs::path(from.directory) / line.name))) ||
                fromFolders(optionDirs) || fromSet(line.name) || fromFolders(sources.includeDirs);
            if (!found) {
                include.resolved = line.name;
                if (result.uncertain.empty())
                    result.uncertain = from.name + " includes '" + line.name +
                                       "', which is in none of the folders the build names (the "
                                       "driver may find it in folders of its own)";
            }
            if (!seen.insert(include.resolved).second)
                continue;
            if (found) {
                include.digest = Sha256::hex(Sha256::digest(content));
                if (result.nulByte.empty() && !include.fromSet)
                    result.nulByte = nulByteProblem(include.resolved, content);
                pending.push_back({std::move(content), include.resolved, include.fromSet,
                                   include.fromSet
                                       ? directoryOf(include.resolved)
                                       : fs::path(include.resolved).parent_path().string()});
            }
            result.includes.push_back(std::move(include));
        }
    }
    return result;
}

} // namespace clw::engine
