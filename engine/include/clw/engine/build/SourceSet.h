#pragma once
// What a build compiles: named files (the main file and its headers) and include directories.
// `#include "x.h"` resolves against the files first, then the directories.
#include <string>
#include <vector>

namespace clw::engine {

struct SourceFile {
    std::string name; // as `#include` spells it: "kernels/blur.cl", "common.h"
    std::string text;
    friend bool operator==(const SourceFile&, const SourceFile&) = default;
};

struct SourceSet {
    std::vector<SourceFile> files;
    std::string mainFile; // the file that is compiled; the first file when empty
    std::vector<std::string> includeDirs;

    // The main file: by name, else the first; nullptr for an empty set.
    const SourceFile* main() const;
    const SourceFile* find(const std::string& name) const;
    // A set of one file, for the common case.
    static SourceSet single(std::string text, std::string name = "kernel.cl");
    friend bool operator==(const SourceSet&, const SourceSet&) = default;
};

} // namespace clw::engine
