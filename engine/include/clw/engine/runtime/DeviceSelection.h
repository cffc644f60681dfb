#pragma once
// Choosing a device by what a person types: the default device and `--device NAME`.
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/DeviceChoice.h"

#include <optional>
#include <string_view>
#include <vector>

namespace clw::engine {

// Every device of every platform, platforms in ICD order. A platform whose ICD fails to answer
// is skipped here (the device browser reports it).
std::vector<Device> allDevices();
// The first GPU if there is one, else the first device of any type (PoCL's CPU here); nullopt
// when there is no OpenCL device at all. A simulator is the default only when it is all there is.
std::optional<Device> defaultDevice();
// The same rule over `devices` (a device host's, of one platform or all).
std::optional<Device> defaultAmong(const std::vector<Device>& devices);
// Whether the device simulates one (Oclgrind, whose device claims to be a GPU, a CPU and an
// accelerator at once, and whose platform the ICD loader may list first): slow, for debugging,
// never what a person means by "the default device".
bool isSimulator(const Device& device);
// The device `name` picks among every device, by chooseListed's rule: an exact device name,
// else the first whose platform or device name contains `name`, ignoring case; the default
// device when name is empty.
std::optional<Device> findDevice(std::string_view name);
// The same rule over `devices`.
std::optional<Device> chooseAmong(const std::vector<Device>& devices, std::string_view choice);
// The devices as the values chooseListed reads.
std::vector<ListedDevice> listed(const std::vector<Device>& devices);

} // namespace clw::engine
