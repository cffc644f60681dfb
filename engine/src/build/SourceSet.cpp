#include "clw/engine/build/SourceSet.h"

namespace clw::engine {

const SourceFile* SourceSet::find(const std::string& name) const {
    for (const SourceFile& file : files)
        if (file.name == name)
            return &file;
    return nullptr;
}

const SourceFile* SourceSet::main() const {
    if (!mainFile.empty())
        if (const SourceFile* file = find(mainFile))
            return file;
    return files.empty() ? nullptr : &files.front();
}

SourceSet SourceSet::single(std::string text, std::string name) {
    SourceSet set;
    set.mainFile = name;
    set.files.push_back({std::move(name), std::move(text)});
    return set;
}

} // namespace clw::engine
