#pragma once
// One vendors folder per OpenCL driver (DESIGN.md §2a). The ICD loader opens every driver it is
// told of on a process's first OpenCL call, so a driver that crashes while it loads or lists its
// platforms takes the whole process down, whichever platform the process was for. The workbench
// therefore starts each device host with one driver only: OCL_ICD_VENDORS names a folder holding
// that driver's .icd file alone, which both Linux loaders (ocl-icd, the Khronos loader) read.
// Windows' loader reads the registry and macOS has none: there the list is empty and a host
// loads every driver, as it always did.
#include "clw/engine/debug/OclgrindRegistration.h"

#include <string>
#include <vector>

namespace clw::engine {

struct DriverFolder {
    // The .icd file's name without ".icd" ("pocl", "clworkbench-oclgrind"), or for a library of
    // OCL_ICD_FILENAMES its file name.
    std::string name;
    // What the .icd file names: the driver's library, with or without a folder.
    std::string library;
    // OCL_ICD_VENDORS for a process of this driver alone: a folder with its one .icd file, with
    // the separator at the end (NVIDIA's loader joins folder and file name as they are).
    std::string vendors;
};

struct DriverFolders {
    // In the order of their .icd files' names, then OCL_ICD_FILENAMES' order. Empty when the
    // drivers cannot be told apart here: the loader reads no vendors folder (Windows, macOS),
    // OCL_ICD_VENDORS names one driver's file or library already, or a folder could not be
    // written (see `problem`).
    std::vector<DriverFolder> drivers;
    // Why the drivers are not split although there are some (a folder that cannot be written).
    std::string problem;

    // Reads the drivers an environment gives a process (`variable`: OCL_ICD_VENDORS, else
    // OPENCL_VENDOR_PATH, else /etc/OpenCL/vendors; plus OCL_ICD_FILENAMES, which the Khronos
    // loader reads) and writes each one's folder under defaultCacheFolder()'s parent
    // ("icd-drivers/<name>-<hash of its library>"), only when missing or changed. Thread-safe and
    // safe between processes: every file is written whole and renamed.
    static DriverFolders prepare(const OclgrindRegistration::Lookup& variable);
};

} // namespace clw::engine
