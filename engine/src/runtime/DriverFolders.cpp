#include "clw/engine/runtime/DriverFolders.h"

#include "clw/engine/build/CacheFolder.h"
#include "clw/engine/build/Sha256.h"
#include "clw/engine/runtime/VendorsFolder.h"

#include <system_error>

namespace clw::engine {

namespace {

namespace fs = std::filesystem;

#if defined(_WIN32) || defined(__APPLE__)
constexpr bool kLoaderReadsVendorsFolder = false;
#else
constexpr bool kLoaderReadsVendorsFolder = true;
#endif

// The first line of an .icd file, without surrounding blanks: the library the loader opens.
std::string libraryOf(const std::string& icdContent) {
    const size_t end = icdContent.find_first_of("\r\n");
    std::string line = icdContent.substr(0, end);
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    return line.substr(first, line.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> splitPathList(const std::string& list) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= list.size()) {
        const size_t colon = std::min(list.find(':', start), list.size());
        if (colon > start)
            parts.push_back(list.substr(start, colon - start));
        start = colon + 1;
    }
    return parts;
}

} // namespace

DriverFolders DriverFolders::prepare(const OclgrindRegistration::Lookup& variable) {
    DriverFolders result;
    if (!kLoaderReadsVendorsFolder)
        return result;
    fs::path folder = "/etc/OpenCL/vendors";
    if (const auto vendorPath = variable("OPENCL_VENDOR_PATH"); vendorPath && !vendorPath->empty())
        folder = *vendorPath;
    if (const auto chosen = variable("OCL_ICD_VENDORS"); chosen && !chosen->empty()) {
        std::error_code error;
        if (!fs::is_directory(*chosen, error))
            return result; // one driver's .icd file or library: nothing to split
        folder = *chosen;
    }

    std::vector<DriverFolder> drivers;
    for (const auto& [fileName, content] : readIcdFiles(folder)) {
        const std::string library = libraryOf(content);
        if (!library.empty())
            drivers.push_back({fs::path(fileName).stem().string(), library, {}});
    }
    if (const auto filenames = variable("OCL_ICD_FILENAMES"))
        for (const std::string& library : splitPathList(*filenames))
            drivers.push_back({fs::path(library).filename().string(), library, {}});

    const fs::path root = defaultCacheFolder().parent_path() / "icd-drivers";
    for (DriverFolder& driver : drivers) {
        // Named after the library too: two environments (a test's fake driver beside the
        // system's) never write different contents into one folder.
        const std::string hash = Sha256::hex(Sha256::digest(driver.library)).substr(0, 12);
        const fs::path driverFolder = root / (driver.name + "-" + hash);
        if (std::string problem =
                writeVendorsFolder(driverFolder, {{driver.name + ".icd", driver.library + "\n"}});
            !problem.empty()) {
            result.problem = "every host loads every OpenCL driver: " + problem;
            return result;
        }
        driver.vendors = driverFolder.string() + "/";
    }
    result.drivers = std::move(drivers);
    return result;
}

} // namespace clw::engine
