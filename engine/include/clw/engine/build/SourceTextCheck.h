#pragma once
// OpenCL C sources are text. A driver reads a source only up to its first NUL byte (PoCL builds
// what comes before it and says nothing), so a NUL, or a binary file picked by mistake, would
// build part of the file without a word.
#include <string>
#include <string_view>

namespace clw::engine {

// "k.cl: line 2, column 1 holds a NUL byte; OpenCL C sources are text: remove it, or open the
// right file" where `text` holds one (line and byte column 1-based), or empty.
std::string nulByteProblem(std::string_view name, std::string_view text);

} // namespace clw::engine
