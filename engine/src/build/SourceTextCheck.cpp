#include "clw/engine/build/SourceTextCheck.h"

#include <algorithm>

namespace clw::engine {

std::string nulByteProblem(std::string_view name, std::string_view text) {
    const size_t at = text.find('\0');
    if (at == std::string_view::npos)
        return {};
    const std::string_view before = text.substr(0, at);
    const size_t line = size_t(std::count(before.begin(), before.end(), '\n')) + 1;
    const size_t lineStart = before.rfind('\n');
    const size_t column = lineStart == std::string_view::npos ? at + 1 : at - lineStart;
    return std::string(name) + ": line " + std::to_string(line) + ", column " +
           std::to_string(column) +
           " holds a NUL byte; OpenCL C sources are text: remove it, or open the right file";
}

} // namespace clw::engine
