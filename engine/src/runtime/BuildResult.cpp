#include "clw/engine/runtime/BuildResult.h"

#include "clw/engine/runtime/ClError.h"

namespace clw::engine {

std::string BuildResult::combinedLog() const {
    std::string text;
    for (const DeviceBuild& build : devices) {
        if (build.log.empty())
            continue;
        std::string name;
        try {
            name = build.device.name();
        } catch (const ClError&) {
            name = "unknown device";
        }
        text += "device " + name + ":\n" + build.log;
        if (!build.log.empty() && build.log.back() != '\n')
            text += '\n';
    }
    return text;
}

std::string BuildResult::message() const {
    if (ok())
        return {};
    const char* doing = function == "clCompileProgram" ? "compiling the program"
                        : function == "clLinkProgram"  ? "linking the program"
                                                       : "building the program";
    std::string text = failureText(code, function, doing);
    const std::string logs = combinedLog();
    if (!logs.empty())
        text += "\n" + logs;
    return text;
}

} // namespace clw::engine
