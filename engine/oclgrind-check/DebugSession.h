#pragma once
// The debugger of a debug run (issue 18, breakpoints and stepping): given CLW_DEBUG (breakpoint
// lines and the work-item to follow, as JSON) and CLW_DEBUG_SOCKET (a local socket the workbench
// listens on, in a folder only the user can read), it stops the followed work-item when it
// enters a breakpoint's line, says where with its locals, and waits for the workbench's command:
// continue, step over, into or out, continue to the next barrier, follow another work-item, or
// detach. One JSON object a line each way:
//   to the workbench: {"event": "paused", "reason", "kernel", "workItem", "file", "line",
//                      "column", "depth", "locals": [{"name", "type", "value"}],
//                      "memory": [{"argument", "name", "space", "size", "base64"}]}
//                     {"event": "finished", "kernel"}, {"event": "problem", "message"}
//   from it:          {"command": "continue" | "stepOver" | "stepInto" | "stepOut" |
//                      "toBarrier" | "detach"}, {"command": "follow", "workItem": [x, y, z]}
// Oclgrind runs one work-group at a time then (CheckPlugin::isThreadSafe), so a pause stops it.
#include "WatchItem.h"

#include "clw/engine/debug/CheckFinding.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class Instruction;
}
namespace oclgrind {
class KernelInvocation;
class WorkItem;
} // namespace oclgrind

namespace clw::oclgrind_check {

class DebugSession {
public:
    // `file`: the breakpoints' file as the debug information names it ("input.cl").
    DebugSession(std::string socketPath, std::string file, std::set<unsigned> lines,
                 engine::CheckIds workItem);
    ~DebugSession();
    DebugSession(const DebugSession&) = delete;
    DebugSession& operator=(const DebugSession&) = delete;

    // Made from CLW_DEBUG and CLW_DEBUG_SOCKET; null when they are not set or do not read.
    static std::unique_ptr<DebugSession> fromEnvironment();

    void kernelBegin(const oclgrind::KernelInvocation* invocation, const std::string& kernel);
    void executed(const oclgrind::WorkItem* item, const llvm::Instruction* instruction);
    void barrierPassed();
    void kernelEnd(const std::string& kernel);

private:
    enum class Mode { Run, StepOver, StepInto, StepOut, ToBarrier, Detached };

    bool connectSocket();
    void send(const nlohmann::json& message);
    std::optional<nlohmann::json> receive();
    void pause(const oclgrind::WorkItem* item, const llvm::Instruction* instruction, unsigned line,
               size_t depth, const char* reason);
    nlohmann::json locals(const oclgrind::WorkItem* item,
                          const llvm::Instruction* instruction) const;
    // The kernel's buffers and the followed work-item's group's __local memory as they are now.
    nlohmann::json memory(const oclgrind::WorkItem* item) const;
    std::set<unsigned> linesWithCode(const oclgrind::KernelInvocation* invocation) const;

    const std::string m_socketPath;
    const std::string m_file;
    const std::set<unsigned> m_lines;
    engine::CheckIds m_followed;
    int m_socket = -1;
    std::string m_received; // read past the last line
    std::string m_kernel;
    const oclgrind::KernelInvocation* m_invocation = nullptr;
    Mode m_mode = Mode::Run;
    unsigned m_fromLine = 0; // where the step began
    size_t m_fromDepth = 0;
    bool m_barrierPassed = false;
    unsigned m_lastLine = 0; // of the followed work-item's last instruction with a line
    // The variables of every work-item of the kernel run, so that another can be followed.
    std::map<engine::CheckIds, std::vector<WatchBinding>> m_bindings;
};

} // namespace clw::oclgrind_check
