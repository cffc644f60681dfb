#include "clw/engine/device/NullPlatformBehavior.h"
#include "clw/engine/runtime/ClError.h"

#include <cctype>

namespace clw::engine {

namespace {

// clinfo's words for the answers it expects from a loader without a default platform or without
// such devices; empty for a code it reports as an error.
std::string failureWords(const NullPlatformOutcome& outcome) {
    switch (outcome.code) {
    case CL_INVALID_PLATFORM:
        return "No platform";
    case CL_DEVICE_NOT_FOUND:
        return outcome.call == NullPlatformCall::OtherContext && !outcome.attempted
                   ? "No devices in other platforms"
                   : "No devices found in platform";
    case CL_DEVICE_NOT_AVAILABLE:
        return "No devices available in platform";
    case CL_INVALID_DEVICE_TYPE:
    case CL_INVALID_VALUE: // what Apple answers for a type its platform does not know
        return outcome.call == NullPlatformCall::ContextFromType
                   ? "Invalid device type for platform"
                   : std::string();
    default:
        return {};
    }
}

} // namespace

std::string NullPlatformOutcome::text() const {
    if (succeeded()) {
        switch (call) {
        case NullPlatformCall::PlatformName:
            return platformName;
        case NullPlatformCall::ContextFromType:
            return "Success (" + std::to_string(deviceNames.size()) + ")";
        default:
            return "Success [" + (platformSuffix.empty() ? platformName : platformSuffix) + "]";
        }
    }
    std::string text = failureWords(*this);
    if (text.empty()) {
        // "Calling clGetContextInfo failed (CL_OUT_OF_HOST_MEMORY, -6)", capitalized as clinfo's
        // words are.
        text = failureText(code, function, "");
        text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
    } else
        text += " (" + errorName(code) + ")";
    // clGetDeviceIDs' CL_DEVICE_NOT_FOUND names the one platform without devices (clinfo's guess
    // at the loader's default).
    if (!platformName.empty())
        text += ": " + platformName;
    return text;
}

} // namespace clw::engine
