#include "clw/engine/runtime/ClError.h"

#include "clw/engine/runtime/ClApi.h"

namespace clw::engine {

std::string errorName(cl_int code) {
    switch (code) {
#define CLW_ERROR_CASE(name)                                                                       \
    case name:                                                                                     \
        return #name;
        CLW_ERROR_CASE(CL_SUCCESS)
        CLW_ERROR_CASE(CL_DEVICE_NOT_FOUND)
        CLW_ERROR_CASE(CL_DEVICE_NOT_AVAILABLE)
        CLW_ERROR_CASE(CL_COMPILER_NOT_AVAILABLE)
        CLW_ERROR_CASE(CL_MEM_OBJECT_ALLOCATION_FAILURE)
        CLW_ERROR_CASE(CL_OUT_OF_RESOURCES)
        CLW_ERROR_CASE(CL_OUT_OF_HOST_MEMORY)
        CLW_ERROR_CASE(CL_PROFILING_INFO_NOT_AVAILABLE)
        CLW_ERROR_CASE(CL_MEM_COPY_OVERLAP)
        CLW_ERROR_CASE(CL_IMAGE_FORMAT_MISMATCH)
        CLW_ERROR_CASE(CL_IMAGE_FORMAT_NOT_SUPPORTED)
        CLW_ERROR_CASE(CL_BUILD_PROGRAM_FAILURE)
        CLW_ERROR_CASE(CL_MAP_FAILURE)
        CLW_ERROR_CASE(CL_MISALIGNED_SUB_BUFFER_OFFSET)
        CLW_ERROR_CASE(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        CLW_ERROR_CASE(CL_COMPILE_PROGRAM_FAILURE)
        CLW_ERROR_CASE(CL_LINKER_NOT_AVAILABLE)
        CLW_ERROR_CASE(CL_LINK_PROGRAM_FAILURE)
        CLW_ERROR_CASE(CL_DEVICE_PARTITION_FAILED)
        CLW_ERROR_CASE(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
        CLW_ERROR_CASE(CL_INVALID_VALUE)
        CLW_ERROR_CASE(CL_INVALID_DEVICE_TYPE)
        CLW_ERROR_CASE(CL_INVALID_PLATFORM)
        CLW_ERROR_CASE(CL_INVALID_DEVICE)
        CLW_ERROR_CASE(CL_INVALID_CONTEXT)
        CLW_ERROR_CASE(CL_INVALID_QUEUE_PROPERTIES)
        CLW_ERROR_CASE(CL_INVALID_COMMAND_QUEUE)
        CLW_ERROR_CASE(CL_INVALID_HOST_PTR)
        CLW_ERROR_CASE(CL_INVALID_MEM_OBJECT)
        CLW_ERROR_CASE(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
        CLW_ERROR_CASE(CL_INVALID_IMAGE_SIZE)
        CLW_ERROR_CASE(CL_INVALID_SAMPLER)
        CLW_ERROR_CASE(CL_INVALID_BINARY)
        CLW_ERROR_CASE(CL_INVALID_BUILD_OPTIONS)
        CLW_ERROR_CASE(CL_INVALID_PROGRAM)
        CLW_ERROR_CASE(CL_INVALID_PROGRAM_EXECUTABLE)
        CLW_ERROR_CASE(CL_INVALID_KERNEL_NAME)
        CLW_ERROR_CASE(CL_INVALID_KERNEL_DEFINITION)
        CLW_ERROR_CASE(CL_INVALID_KERNEL)
        CLW_ERROR_CASE(CL_INVALID_ARG_INDEX)
        CLW_ERROR_CASE(CL_INVALID_ARG_VALUE)
        CLW_ERROR_CASE(CL_INVALID_ARG_SIZE)
        CLW_ERROR_CASE(CL_INVALID_KERNEL_ARGS)
        CLW_ERROR_CASE(CL_INVALID_WORK_DIMENSION)
        CLW_ERROR_CASE(CL_INVALID_WORK_GROUP_SIZE)
        CLW_ERROR_CASE(CL_INVALID_WORK_ITEM_SIZE)
        CLW_ERROR_CASE(CL_INVALID_GLOBAL_OFFSET)
        CLW_ERROR_CASE(CL_INVALID_EVENT_WAIT_LIST)
        CLW_ERROR_CASE(CL_INVALID_EVENT)
        CLW_ERROR_CASE(CL_INVALID_OPERATION)
        CLW_ERROR_CASE(CL_INVALID_GL_OBJECT)
        CLW_ERROR_CASE(CL_INVALID_BUFFER_SIZE)
        CLW_ERROR_CASE(CL_INVALID_MIP_LEVEL)
        CLW_ERROR_CASE(CL_INVALID_GLOBAL_WORK_SIZE)
        CLW_ERROR_CASE(CL_INVALID_PROPERTY)
        CLW_ERROR_CASE(CL_INVALID_IMAGE_DESCRIPTOR)
        CLW_ERROR_CASE(CL_INVALID_COMPILER_OPTIONS)
        CLW_ERROR_CASE(CL_INVALID_LINKER_OPTIONS)
        CLW_ERROR_CASE(CL_INVALID_DEVICE_PARTITION_COUNT)
        CLW_ERROR_CASE(CL_INVALID_PIPE_SIZE)
        CLW_ERROR_CASE(CL_INVALID_DEVICE_QUEUE)
        CLW_ERROR_CASE(CL_INVALID_SPEC_ID)
        CLW_ERROR_CASE(CL_MAX_SIZE_RESTRICTION_EXCEEDED)
        // Extension codes that drivers return in practice.
        CLW_ERROR_CASE(CL_PLATFORM_NOT_FOUND_KHR)
        CLW_ERROR_CASE(CL_DEVICE_PARTITION_FAILED_EXT)
        CLW_ERROR_CASE(CL_INVALID_PARTITION_COUNT_EXT)
        CLW_ERROR_CASE(CL_INVALID_PARTITION_NAME_EXT)
        CLW_ERROR_CASE(CL_INVALID_COMMAND_BUFFER_KHR)
        CLW_ERROR_CASE(CL_INVALID_SYNC_POINT_WAIT_LIST_KHR)
        CLW_ERROR_CASE(CL_INCOMPATIBLE_COMMAND_QUEUE_KHR)
#undef CLW_ERROR_CASE
    default:
        return "CL_UNKNOWN_ERROR(" + std::to_string(code) + ")";
    }
}

bool isClFunctionName(std::string_view name) {
    return name.size() > 2 && name[0] == 'c' && name[1] == 'l' && name[2] >= 'A' && name[2] <= 'Z';
}

namespace {

// A stub answered: the call failed because the OpenCL library predates the function, which
// CL_INVALID_OPERATION alone does not say.
std::string missingFunctionNote(cl_int code, const std::string& function) {
    if (code != CL_INVALID_OPERATION)
        return {};
    const char* version = missingClFunctionVersion(function);
    if (!version)
        return {};
    return "; the OpenCL library this program loaded has no " + function + " (OpenCL " + version +
           ")";
}

// Where `doing`'s reason starts: its first ": " outside brackets and backticks; npos for none.
size_t reasonSeparator(std::string_view doing) {
    int depth = 0;
    bool quoted = false;
    for (size_t i = 0; i + 1 < doing.size(); ++i) {
        const char c = doing[i];
        if (c == '`')
            quoted = !quoted;
        else if (quoted)
            continue;
        else if (c == '(' || c == '[' || c == '{')
            ++depth;
        else if ((c == ')' || c == ']' || c == '}') && depth > 0)
            --depth;
        else if (c == ':' && doing[i + 1] == ' ' && depth == 0)
            return i;
    }
    return std::string_view::npos;
}

std::string composeFailureText(cl_int code, std::string_view function, std::string_view doing,
                               std::string_view note) {
    const bool api = isClFunctionName(function);
    std::string text;
    if (doing.empty())
        text = api ? "calling " + std::string(function) + " failed" : "an OpenCL operation failed";
    else if (const size_t colon = reasonSeparator(doing); colon == std::string_view::npos)
        text = std::string(doing) + " failed";
    else
        text = std::string(doing.substr(0, colon)) + " failed" + std::string(doing.substr(colon));
    const std::string name = errorName(code);
    std::string tag = " (" + name;
    if (name.find('(') == std::string::npos) // CL_UNKNOWN_ERROR(-9999) holds its number
        tag += ", " + std::to_string(code);
    if (api && !doing.empty())
        tag += ", from " + std::string(function);
    tag += ")";
    tag += note;
    const size_t lineEnd = text.find('\n');
    text.insert(lineEnd == std::string::npos ? text.size() : lineEnd, tag);
    return text;
}

} // namespace

std::string failureText(cl_int code, std::string_view function, std::string_view doing) {
    return composeFailureText(code, function, doing, {});
}

ClError::ClError(cl_int code, std::string function, std::string doing)
    : std::runtime_error(
          composeFailureText(code, function, doing, missingFunctionNote(code, function)))
    , m_code(code)
    , m_function(std::move(function))
    , m_doing(std::move(doing)) {}

} // namespace clw::engine
