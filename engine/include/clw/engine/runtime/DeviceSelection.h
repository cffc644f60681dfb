#pragma once
// Choosing a device by what a person types: the default device and `--device NAME`.
#include "clw/engine/runtime/Device.h"

#include <optional>
#include <string_view>
#include <vector>

namespace clw::engine {

// Every device of every platform, platforms in ICD order. A platform whose ICD fails to answer
// is skipped here (the device browser reports it).
std::vector<Device> allDevices();
// The first GPU if there is one, else the first device of any type (PoCL's CPU here); nullopt
// when there is no OpenCL device at all.
std::optional<Device> defaultDevice();
// The first device whose platform name or device name contains `name`, ignoring case; the
// default device when name is empty.
std::optional<Device> findDevice(std::string_view name);

} // namespace clw::engine
