#pragma once
// The watch of a debug run (issue 18, Watch): given CLW_WATCH (a WatchRequest as JSON), records
// for every work-item the expression's value each time it passes the line, keeping the last pass
// or the k-th, and writes one WatchedRun a kernel run to CLW_WATCH_OUTPUT. Variables are found by
// their debug information: llvm.dbg.declare (a variable in private memory, as at -O0) and
// llvm.dbg.value (a value the optimizer kept), the visible one being the innermost whose scope
// holds the line. Per work-item state is the caller's (one thread a work-group).
#include "WatchItem.h"
#include "WorkItemIds.h"

#include "clw/engine/debug/WatchRequest.h"
#include "clw/engine/debug/WatchResult.h"

#include <mutex>
#include <string>
#include <vector>

namespace llvm {
class Instruction;
}
namespace oclgrind {
class Context;
class WorkItem;
} // namespace oclgrind

namespace clw::oclgrind_check {

class VariableWatch {
public:
    VariableWatch(engine::WatchRequest request, engine::WatchExpression expression,
                  std::string outputPath);

    void kernelBegin(const WorkItemIds& ids, const std::string& kernel, size_t workDim);
    void executed(const oclgrind::Context* context, const oclgrind::WorkItem* item,
                  const llvm::Instruction* instruction, WatchItem& state) const;
    void itemComplete(std::uint64_t workItem, const WatchItem& state);
    void kernelEnd();

private:
    void bind(const oclgrind::WorkItem* item, const llvm::Instruction* call,
              WatchItem& state) const;
    void record(const oclgrind::Context* context, const oclgrind::WorkItem* item,
                const llvm::Instruction* instruction, WatchItem& state) const;
    bool onWatchedLine(const llvm::Instruction* instruction) const;
    // One term's value now (its components), its type, or why it has none.
    struct TermValue {
        std::vector<double> values;
        std::string type;
        std::string problem;
    };
    TermValue termValue(const oclgrind::Context* context, const oclgrind::WorkItem* item,
                        const llvm::Instruction* instruction, const WatchItem& state,
                        const engine::WatchTerm& term) const;

    const engine::WatchRequest m_request;
    const engine::WatchExpression m_expression;
    const std::string m_outputPath;
    std::mutex m_mutex;
    engine::WatchedRun m_run; // of the kernel running, behind m_mutex
    WorkItemIds m_ids;
};

} // namespace clw::oclgrind_check
