#include "clw/engine/runtime/DeviceChoice.h"

#include <algorithm>
#include <cctype>

namespace clw::engine {

namespace {

std::string lower(std::string_view text) {
    std::string lowered(text);
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return lowered;
}

} // namespace

bool isSimulatorPlatform(std::string_view platform) {
    return platform == "Oclgrind";
}

std::optional<std::size_t> defaultListed(const std::vector<ListedDevice>& devices) {
    for (std::size_t i = 0; i < devices.size(); ++i)
        if (devices[i].gpu && !isSimulatorPlatform(devices[i].platform))
            return i;
    for (std::size_t i = 0; i < devices.size(); ++i)
        if (!isSimulatorPlatform(devices[i].platform))
            return i;
    if (!devices.empty())
        return 0;
    return std::nullopt;
}

std::optional<std::size_t> chooseListed(const std::vector<ListedDevice>& devices,
                                        std::string_view choice) {
    for (std::size_t i = 0; i < devices.size(); ++i)
        if (devices[i].name == choice)
            return i;
    if (choice.empty())
        return defaultListed(devices);
    const std::string wanted = lower(choice);
    for (std::size_t i = 0; i < devices.size(); ++i)
        if (lower(devices[i].name).find(wanted) != std::string::npos ||
            lower(devices[i].platform).find(wanted) != std::string::npos)
            return i;
    return std::nullopt;
}

} // namespace clw::engine
