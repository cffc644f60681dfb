#pragma once
// Oclgrind as one more OpenCL platform of the workbench's own processes (DESIGN.md §2a), and of
// no other program. Debian's oclgrind package installs its driver (liboclgrind-rt-icd.so) without
// a file in /etc/OpenCL/vendors, so the system's ICD loader does not list it. The workbench writes
// a vendors folder of its own in its cache folder (a copy of every .icd file of the system's
// folder, plus one naming Oclgrind's driver) and gives its processes OCL_ICD_VENDORS=<that
// folder>, which both ICD loaders of Linux (ocl-icd, the Khronos loader) read as the folder that
// replaces /etc/OpenCL/vendors. Elsewhere (Windows' registry, macOS without a loader) nothing is
// done.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace clw::engine {

struct OclgrindRegistration {
    // The value of an environment variable, nullopt when it is not set.
    using Lookup = std::function<std::optional<std::string>(const char* name)>;

    // What to set OCL_ICD_VENDORS to; empty: leave the environment as it is, because
    // OCL_ICD_VENDORS is set already (a person's or a test's choice of drivers is respected, and
    // Oclgrind is not added to it), no Oclgrind is installed, the system's vendors folder names
    // Oclgrind itself, or the folder could not be written.
    std::string vendors;
    // The Oclgrind driver found (empty when none): CLW_OCLGRIND_ICD names it by absolute path
    // (an empty value turns Oclgrind off), else the first of the places packages install it to.
    std::filesystem::path library;
    // Why Oclgrind is left out although it was asked for or found (a folder that cannot be
    // written, a CLW_OCLGRIND_ICD that is relative or names no file); empty otherwise.
    std::string problem;

    // Writes the vendors folder (under defaultCacheFolder()'s parent, "icd-vendors") for an
    // environment whose variables `variable` reads: OCL_ICD_VENDORS, OPENCL_VENDOR_PATH (the
    // system folder to copy, /etc/OpenCL/vendors when unset) and CLW_OCLGRIND_ICD. Thread-safe
    // and safe between processes: every file is written whole and renamed.
    static OclgrindRegistration prepare(const Lookup& variable);
    // This process's environment.
    static Lookup processEnvironment();
    // prepare(processEnvironment()), then sets OCL_ICD_VENDORS in this process when `vendors` is
    // not empty. Call it before the first OpenCL call (the ICD loader reads its vendors once) and
    // before other threads start (setenv is not thread-safe).
    static OclgrindRegistration applyToThisProcess();
};

} // namespace clw::engine
