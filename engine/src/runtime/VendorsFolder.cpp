#include "clw/engine/runtime/VendorsFolder.h"

#include "clw/engine/build/CacheFolder.h"

#include <fstream>
#include <sstream>
#include <system_error>

namespace clw::engine {

namespace fs = std::filesystem;

namespace {

bool isIcdFile(const fs::directory_entry& entry) {
    std::error_code error;
    return entry.path().extension() == ".icd" && entry.is_regular_file(error);
}

} // namespace

std::string readWholeFile(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::map<std::string, std::string> readIcdFiles(const fs::path& folder) {
    std::map<std::string, std::string> files;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
        if (isIcdFile(*it))
            files[it->path().filename().string()] = readWholeFile(it->path());
    return files;
}

std::string writeVendorsFolder(const fs::path& folder,
                               const std::map<std::string, std::string>& files) {
    for (const auto& [name, content] : files) {
        const fs::path path = folder / name;
        std::error_code error;
        if (fs::is_regular_file(path, error) && readWholeFile(path) == content)
            continue;
        if (std::string problem = writeFileAtomically(path, content, FileAccess::OwnerOnly);
            !problem.empty())
            return problem;
    }
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        if (isIcdFile(*it) && !files.count(it->path().filename().string())) {
            std::error_code ignored; // another process may have removed it first
            fs::remove(it->path(), ignored);
        }
    }
    return {};
}

} // namespace clw::engine
