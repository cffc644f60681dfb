#pragma once
// The environments device hosts start with, one per OpenCL driver (engine::DriverFolders): each
// loads its driver alone, Oclgrind counted as one more driver (withOclgrind). Where drivers cannot
// be told apart (Windows, macOS, OCL_ICD_VENDORS naming one driver, no folder to write), there is
// one environment with every driver, whose name is empty.
#include <QProcessEnvironment>

#include <string>
#include <vector>

namespace clw::ui {

struct DriverEnvironment {
    std::string name;    // the .icd file's name without ".icd"; empty for every driver
    std::string library; // what the .icd file names; empty for every driver
    QProcessEnvironment environment;
};

// Writes the drivers' folders when needed (small files: call it off the GUI thread). A folder
// that cannot be written is said in the log, and one environment with every driver comes back.
std::vector<DriverEnvironment> driverEnvironments(const QProcessEnvironment& environment);

} // namespace clw::ui
