#pragma once
// The rule that picks a device from what a person types ("pthread", "NVIDIA", "" for the
// default), over plain values: the CLI and each device host apply it to the devices they opened,
// the workbench to the devices its hosts listed (DESIGN.md §2a), so all pick the same device.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

struct ListedDevice {
    std::string platform;
    std::string name;
    bool gpu = false;
};

// Whether a platform of this name simulates its device (Oclgrind): slow, for debugging, and
// never what a person means by "the default device".
bool isSimulatorPlatform(std::string_view platform);
// The first GPU that is not a simulator, else the first device that is not one, else the first
// device; nullopt for no device.
std::optional<std::size_t> defaultListed(const std::vector<ListedDevice>& devices);
// A device whose name is `choice` exactly, else the default when `choice` is empty, else the
// first whose device or platform name contains `choice`, ignoring case; nullopt for none.
std::optional<std::size_t> chooseListed(const std::vector<ListedDevice>& devices,
                                        std::string_view choice);

} // namespace clw::engine
