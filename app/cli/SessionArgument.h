#pragma once
// The session a verb's command line names (`run`, `check`): a .clwb file, or a path starting
// with ":/" for a sample built into the binary.
#include "clw/engine/session/SessionFile.h"

#include <QString>

#include <filesystem>

namespace clw::app {

// The session and, in `folder`, the folder its data files resolve against (the current folder
// for a built-in sample). Throws SessionError saying what is wrong.
engine::SessionFile::ReadResult readSessionArgument(const QString& path,
                                                    std::filesystem::path& folder);

} // namespace clw::app
