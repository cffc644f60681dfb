#pragma once
// What a watch (VariableWatch) keeps of one work-item while it runs: where each variable of the
// watched name lives (the address of its private copy, or its value as last bound), whether it is
// on the watched line now, how many times it passed it, and the value recorded.
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class DILocalVariable;
class Type;
} // namespace llvm

namespace clw::oclgrind_check {

struct WatchBinding {
    const llvm::DILocalVariable* variable = nullptr;
    const llvm::Type* type = nullptr; // of the variable itself
    bool inMemory = false;            // llvm.dbg.declare: at `address` of private memory
    std::uint64_t address = 0;
    std::vector<unsigned char> bytes; // llvm.dbg.value: the value bound
};

struct WatchItem {
    std::vector<WatchBinding> bindings;
    bool onLine = false;
    std::uint32_t passes = 0;
    bool recorded = false;
    std::vector<double> value; // a number a component
    std::string type;          // "float4"
    std::string problem;       // why the value could not be read
};

} // namespace clw::oclgrind_check
