#include "clw/engine/debug/OclgrindRegistration.h"

#include "clw/engine/build/CacheFolder.h"
#include "clw/engine/runtime/EnvironmentPath.h"
#include "clw/engine/runtime/VendorsFolder.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <system_error>

namespace clw::engine {

namespace {

namespace fs = std::filesystem;

// Where packages put Oclgrind's driver: Debian and Ubuntu (package oclgrind), then Oclgrind's
// own CMake install under /usr/local and under /usr (lib or lib64 by distribution).
const char* const kLibraryPlaces[] = {
    "/usr/lib/oclgrind/liboclgrind-rt-icd.so", "/usr/local/lib/liboclgrind-rt-icd.so",
    "/usr/local/lib64/liboclgrind-rt-icd.so",  "/usr/lib64/liboclgrind-rt-icd.so",
    "/usr/lib/liboclgrind-rt-icd.so",
};

// Linux's ICD loaders read OCL_ICD_VENDORS; Windows' reads the registry (where Oclgrind's
// installer registers itself) and macOS has no loader.
#if defined(_WIN32) || defined(__APPLE__)
constexpr bool kLoaderReadsVendorsFolder = false;
#else
constexpr bool kLoaderReadsVendorsFolder = true;
#endif

// The .icd file the workbench adds; the system's own keep their names beside it.
const char kOclgrindIcdName[] = "clworkbench-oclgrind.icd";

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

} // namespace

OclgrindRegistration::Lookup OclgrindRegistration::processEnvironment() {
    return [](const char* name) -> std::optional<std::string> {
        if (const char* value = std::getenv(name))
            return std::string(value);
        return std::nullopt;
    };
}

OclgrindRegistration OclgrindRegistration::prepare(const Lookup& variable) {
    OclgrindRegistration registration;
    if (!kLoaderReadsVendorsFolder)
        return registration;
    if (const auto chosen = variable("OCL_ICD_VENDORS"); chosen && !chosen->empty())
        return registration;
    if (const auto named = variable("CLW_OCLGRIND_ICD")) {
        if (named->empty())
            return registration; // turned off
        // The ICD loader would open a relative path from each process's current folder.
        if (std::string problem = relativePathProblem("CLW_OCLGRIND_ICD", *named);
            !problem.empty()) {
            registration.problem = std::move(problem);
            return registration;
        }
        std::error_code error;
        if (!fs::is_regular_file(*named, error)) {
            registration.problem = "CLW_OCLGRIND_ICD names " + *named + ", which is not a file";
            return registration;
        }
        registration.library = *named;
    } else {
        for (const char* place : kLibraryPlaces) {
            std::error_code error;
            if (fs::is_regular_file(place, error)) {
                registration.library = place;
                break;
            }
        }
        if (registration.library.empty())
            return registration; // not installed: the drivers stay as the system lists them
    }

    const auto vendorPath = variable("OPENCL_VENDOR_PATH");
    const fs::path systemFolder = vendorPath && !vendorPath->empty()
                                      ? fs::path(*vendorPath)
                                      : fs::path("/etc/OpenCL/vendors");
    std::map<std::string, std::string> files = readIcdFiles(systemFolder);
    // A system that registers Oclgrind itself lists it already: a second file would list it twice.
    for (const auto& [name, content] : files)
        if (lower(content).find("oclgrind") != std::string::npos)
            return registration;
    files[kOclgrindIcdName] = registration.library.string() + "\n";

    const fs::path folder = defaultCacheFolder().parent_path() / "icd-vendors";
    if (std::string problem = writeVendorsFolder(folder, files); !problem.empty()) {
        registration.problem = "Oclgrind is not listed: " + problem;
        return registration;
    }
    // With the separator at the end: the Khronos loader that NVIDIA's CUDA ships joins the folder
    // and each file's name as they are, so a folder without it lists no driver at all.
    registration.vendors = folder.string() + "/";
    return registration;
}

OclgrindRegistration OclgrindRegistration::applyToThisProcess() {
    OclgrindRegistration registration = prepare(processEnvironment());
#if !defined(_WIN32)
    if (!registration.vendors.empty())
        ::setenv("OCL_ICD_VENDORS", registration.vendors.c_str(), 1);
#endif
    return registration;
}

} // namespace clw::engine
