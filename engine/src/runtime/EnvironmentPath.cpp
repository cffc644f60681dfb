#include "clw/engine/runtime/EnvironmentPath.h"

#include <filesystem>

namespace clw::engine {

std::string relativePathProblem(std::string_view variable, std::string_view value) {
    if (std::filesystem::path(value).is_absolute())
        return {};
    return std::string(variable) + " must be an absolute path, not '" + std::string(value) +
           "' (a relative one would be looked up from the current folder)";
}

} // namespace clw::engine
