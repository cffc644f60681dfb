#pragma once
// Reading and writing ICD vendors folders (the .icd files Linux's ICD loaders read), shared by
// the workbench's Oclgrind registration and its per-driver folders.
#include <filesystem>
#include <map>
#include <string>

namespace clw::engine {

// A file's whole content; empty when it cannot be read.
std::string readWholeFile(const std::filesystem::path& path);
// Every .icd file of `folder`, by file name, with its content; none when the folder is missing.
std::map<std::string, std::string> readIcdFiles(const std::filesystem::path& folder);
// Writes `files` into `folder` (created when missing) and removes any other .icd file there. A
// file whose content is already right is left alone, so that an unchanged system writes nothing.
// Every file is written whole and renamed. Returns what failed, empty on success.
std::string writeVendorsFolder(const std::filesystem::path& folder,
                               const std::map<std::string, std::string>& files);

} // namespace clw::engine
