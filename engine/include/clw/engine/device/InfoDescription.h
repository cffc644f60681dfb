#pragma once
// What each platform and device info parameter means, and the topic the device browser groups it
// under. One table keyed by parameter id: platform and device ids do not overlap.
#include "clw/engine/runtime/ClHeaders.h"

#include <string>
#include <vector>

namespace clw::engine {

struct InfoDescription {
    cl_uint id;
    const char* topic;   // "Compute", "Global memory", "Vendor: NVIDIA", ...
    const char* meaning; // one sentence, with the unit where the value has one
};

// The description of a platform or device parameter; nullptr for a parameter the table lacks.
const InfoDescription* describeInfo(cl_uint param);
// The topic of a parameter, "Other" when the table lacks it.
std::string infoTopic(cl_uint param);
// Every topic in display order (the order of the device browser's groups); "Other" last.
const std::vector<std::string>& infoTopics();

} // namespace clw::engine
