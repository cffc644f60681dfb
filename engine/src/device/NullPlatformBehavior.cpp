#include "clw/engine/device/NullPlatformBehavior.h"

#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/Platform.h"

#include <limits>
#include <utility>

namespace clw::engine {

namespace {

constexpr size_t kNone = std::numeric_limits<size_t>::max();

// clinfo's order of the types it asks clCreateContextFromType(NULL, ...) for.
const std::pair<cl_device_type, const char*> kTypes[] = {
    {CL_DEVICE_TYPE_DEFAULT, "CL_DEVICE_TYPE_DEFAULT"},
    {CL_DEVICE_TYPE_CPU, "CL_DEVICE_TYPE_CPU"},
    {CL_DEVICE_TYPE_GPU, "CL_DEVICE_TYPE_GPU"},
    {CL_DEVICE_TYPE_ACCELERATOR, "CL_DEVICE_TYPE_ACCELERATOR"},
    {CL_DEVICE_TYPE_CUSTOM, "CL_DEVICE_TYPE_CUSTOM"},
    {CL_DEVICE_TYPE_ALL, "CL_DEVICE_TYPE_ALL"},
};

// A platform as listed with its own id, and its devices: what tells which platform a NULL call
// fell back to, and gives clCreateContext a device.
struct KnownPlatform {
    cl_platform_id id = nullptr;
    std::vector<cl_device_id> devices;
};

// A platform whose devices cannot be listed counts as one without devices, as in clinfo; why is
// kept in `error` (the first failure), which the behaviour reports.
std::vector<KnownPlatform> knownPlatforms(std::string& error) {
    std::vector<KnownPlatform> known;
    std::vector<Platform> platforms;
    try {
        platforms = Platform::all();
    } catch (const ClError& failure) {
        error = failure.what();
        return known;
    }
    for (const Platform& platform : platforms) {
        KnownPlatform entry{platform.get(), {}};
        try {
            for (const Device& device : platform.devices())
                entry.devices.push_back(device.get()); // root devices: not reference counted
        } catch (const ClError& failure) {
            entry.devices.clear();
            if (error.empty())
                error = failure.what();
        }
        known.push_back(std::move(entry));
    }
    return known;
}

// A string query: its size, then its bytes. The text is left as it was on failure.
template <class Query>
cl_int readString(Query&& query, std::string& text) {
    size_t size = 0;
    if (const cl_int code = query(0, nullptr, &size); code != CL_SUCCESS)
        return code;
    std::string buffer(size + 1, '\0');
    if (const cl_int code = query(size, buffer.data(), nullptr); code != CL_SUCCESS)
        return code;
    buffer.resize(buffer.find('\0'));
    text = std::move(buffer);
    return CL_SUCCESS;
}

cl_int platformString(cl_platform_id id, cl_platform_info param, std::string& text) {
    return readString(
        [&](size_t s, void* v, size_t* r) { return clApi().clGetPlatformInfo(id, param, s, v, r); },
        text);
}

cl_int deviceName(cl_device_id id, std::string& text) {
    return readString(
        [&](size_t s, void* v, size_t* r) {
            return clApi().clGetDeviceInfo(id, CL_DEVICE_NAME, s, v, r);
        },
        text);
}

NullPlatformOutcome makeOutcome(NullPlatformCall call, std::string label, const char* function,
                                cl_device_type type = 0) {
    NullPlatformOutcome outcome;
    outcome.call = call;
    outcome.label = std::move(label);
    outcome.function = function;
    outcome.deviceType = type;
    return outcome;
}

// Keeps a failing code with its function; true when the code is CL_SUCCESS.
bool check(NullPlatformOutcome& outcome, cl_int code, const char* function) {
    if (code == CL_SUCCESS)
        return true;
    outcome.code = code;
    outcome.function = function;
    return false;
}

// The platform's name, and its ICD suffix where it has one (cl_khr_icd).
bool namePlatform(NullPlatformOutcome& outcome, cl_platform_id platform) {
    if (!check(outcome, platformString(platform, CL_PLATFORM_NAME, outcome.platformName),
               "clGetPlatformInfo"))
        return false;
    if (platformString(platform, CL_PLATFORM_ICD_SUFFIX_KHR, outcome.platformSuffix) != CL_SUCCESS)
        outcome.platformSuffix.clear();
    return true;
}

// The platform of the first device, then its name and every device's name.
void nameChoice(NullPlatformOutcome& outcome, const std::vector<cl_device_id>& devices,
                cl_platform_id* platformOut = nullptr) {
    cl_platform_id platform = nullptr;
    if (!check(outcome,
               clApi().clGetDeviceInfo(devices.front(), CL_DEVICE_PLATFORM, sizeof platform,
                                       &platform, nullptr),
               "clGetDeviceInfo") ||
        !namePlatform(outcome, platform))
        return;
    if (platformOut)
        *platformOut = platform;
    for (cl_device_id device : devices) {
        std::string name;
        if (!check(outcome, deviceName(device, name), "clGetDeviceInfo"))
            return;
        outcome.deviceNames.push_back(std::move(name));
    }
}

NullPlatformOutcome probePlatformName() {
    NullPlatformOutcome outcome =
        makeOutcome(NullPlatformCall::PlatformName,
                    "clGetPlatformInfo(NULL, CL_PLATFORM_NAME, ...)", "clGetPlatformInfo");
    std::string name;
    outcome.code = platformString(nullptr, CL_PLATFORM_NAME, name);
    if (outcome.succeeded())
        outcome.platformName = std::move(name);
    return outcome;
}

// Sets `chosen` to the index of the platform the loader fell back to, kNone when none.
NullPlatformOutcome probeDeviceIds(const std::vector<KnownPlatform>& known, size_t& chosen) {
    NullPlatformOutcome outcome =
        makeOutcome(NullPlatformCall::DeviceIds, "clGetDeviceIDs(NULL, CL_DEVICE_TYPE_ALL, ...)",
                    "clGetDeviceIDs");
    chosen = kNone;
    cl_uint count = 0;
    outcome.code = clApi().clGetDeviceIDs(nullptr, CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
    if (outcome.code == CL_DEVICE_NOT_FOUND) {
        // No device: the loader's default is taken to be the one platform without devices, as
        // clinfo does; with none or several, there is no telling.
        size_t empty = 0;
        for (size_t p = 0; p < known.size(); ++p)
            if (known[p].devices.empty() && ++empty == 1)
                chosen = p;
        if (empty != 1)
            chosen = kNone;
        else if (platformString(known[chosen].id, CL_PLATFORM_NAME, outcome.platformName) !=
                 CL_SUCCESS)
            outcome.platformName.clear();
        return outcome;
    }
    if (!outcome.succeeded())
        return outcome;
    if (count == 0) { // a success that lists nothing
        outcome.code = CL_DEVICE_NOT_FOUND;
        return outcome;
    }
    std::vector<cl_device_id> devices(count);
    if (!check(outcome,
               clApi().clGetDeviceIDs(nullptr, CL_DEVICE_TYPE_ALL, count, devices.data(), nullptr),
               "clGetDeviceIDs"))
        return outcome;
    cl_platform_id platform = nullptr;
    nameChoice(outcome, devices, &platform);
    for (size_t p = 0; p < known.size(); ++p)
        if (known[p].id == platform)
            chosen = p;
    return outcome;
}

NullPlatformOutcome probeContext(NullPlatformCall call, const char* label,
                                 const KnownPlatform& platform) {
    NullPlatformOutcome outcome = makeOutcome(call, label, "clCreateContext");
    const cl_device_id device = platform.devices.front();
    cl_int code = CL_SUCCESS;
    const auto context = Handle<cl_context>::adopt(
        clApi().clCreateContext(nullptr, 1, &device, nullptr, nullptr, &code));
    if (!check(outcome, code, "clCreateContext"))
        return outcome;
    nameChoice(outcome, {device});
    return outcome;
}

// A context call that was not made: there was no device to make it with.
NullPlatformOutcome notAttempted(NullPlatformCall call, const char* label, cl_int code) {
    NullPlatformOutcome outcome = makeOutcome(call, label, "");
    outcome.attempted = false;
    outcome.code = code;
    return outcome;
}

NullPlatformOutcome probeContextFromType(cl_device_type type, const char* typeName) {
    NullPlatformOutcome outcome =
        makeOutcome(NullPlatformCall::ContextFromType,
                    "clCreateContextFromType(NULL, " + std::string(typeName) + ")",
                    "clCreateContextFromType", type);
    cl_int code = CL_SUCCESS;
    const auto context = Handle<cl_context>::adopt(
        clApi().clCreateContextFromType(nullptr, type, nullptr, nullptr, &code));
    if (!check(outcome, code, "clCreateContextFromType"))
        return outcome;
    if (!context) { // success without a context: nothing to look into
        outcome.code = CL_INVALID_CONTEXT;
        return outcome;
    }
    size_t size = 0;
    if (!check(outcome,
               clApi().clGetContextInfo(context.get(), CL_CONTEXT_DEVICES, 0, nullptr, &size),
               "clGetContextInfo"))
        return outcome;
    std::vector<cl_device_id> devices(size / sizeof(cl_device_id));
    if (devices.empty()) { // clinfo: "context created with no devices"
        check(outcome, CL_DEVICE_NOT_FOUND, "clGetContextInfo");
        return outcome;
    }
    if (!check(outcome,
               clApi().clGetContextInfo(context.get(), CL_CONTEXT_DEVICES,
                                        devices.size() * sizeof(cl_device_id), devices.data(),
                                        nullptr),
               "clGetContextInfo"))
        return outcome;
    nameChoice(outcome, devices);
    return outcome;
}

} // namespace

const NullPlatformOutcome* NullPlatformBehavior::find(NullPlatformCall call,
                                                      cl_device_type type) const {
    for (const NullPlatformOutcome& outcome : outcomes)
        if (outcome.call == call && outcome.deviceType == type)
            return &outcome;
    return nullptr;
}

NullPlatformBehavior probeNullPlatformBehavior() {
    NullPlatformBehavior behavior;
    const std::vector<KnownPlatform> known = knownPlatforms(behavior.listingError);
    behavior.outcomes.push_back(probePlatformName());
    size_t chosen = kNone;
    behavior.outcomes.push_back(probeDeviceIds(known, chosen));

    // A context with the first device of the platform the loader fell back to, when it has one.
    const char* defaultLabel = "clCreateContext(NULL, ...) [default]";
    if (chosen == kNone)
        behavior.outcomes.push_back(
            notAttempted(NullPlatformCall::DefaultContext, defaultLabel, CL_INVALID_PLATFORM));
    else if (known[chosen].devices.empty())
        behavior.outcomes.push_back(
            notAttempted(NullPlatformCall::DefaultContext, defaultLabel, CL_DEVICE_NOT_FOUND));
    else
        behavior.outcomes.push_back(
            probeContext(NullPlatformCall::DefaultContext, defaultLabel, known[chosen]));

    // And one with a device of another platform, where there is another one.
    if (chosen == kNone || known.size() > 1) {
        const char* otherLabel = "clCreateContext(NULL, ...) [other]";
        size_t other = 0;
        while (other < known.size() && (other == chosen || known[other].devices.empty()))
            ++other;
        behavior.outcomes.push_back(
            other < known.size()
                ? probeContext(NullPlatformCall::OtherContext, otherLabel, known[other])
                : notAttempted(NullPlatformCall::OtherContext, otherLabel, CL_DEVICE_NOT_FOUND));
    }

    for (const auto& [type, name] : kTypes)
        behavior.outcomes.push_back(probeContextFromType(type, name));
    return behavior;
}

} // namespace clw::engine
