#pragma once
// A work-item's source variables as Oclgrind's debug information gives them, for the watch
// (VariableWatch) and the debugger (DebugSession): where each lives (llvm.dbg.declare: private
// memory; llvm.dbg.value: a value bound), which of them are visible at an instruction (the
// innermost of a name whose scope holds it), and their bytes read as numbers.
#include "WatchItem.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class DataLayout;
class DIType;
class Instruction;
class Type;
} // namespace llvm
namespace oclgrind {
class WorkItem;
}

namespace clw::oclgrind_check {

// The variable `call` (an llvm.dbg intrinsic just executed) binds, if it is one.
std::optional<WatchBinding> bindingOf(const oclgrind::WorkItem* item,
                                      const llvm::Instruction* call);
// Adds `binding`, replacing an earlier one of the same variable.
void rebind(std::vector<WatchBinding>& bindings, WatchBinding binding);
// The binding of `name` visible at `instruction`, or null.
const WatchBinding* visibleBinding(const std::vector<WatchBinding>& bindings,
                                   const llvm::Instruction* instruction, const std::string& name);
// Every binding visible at `instruction`, one a name (the innermost), in declaration order.
std::vector<const WatchBinding*> visibleBindings(const std::vector<WatchBinding>& bindings,
                                                 const llvm::Instruction* instruction);
// The binding's bytes as they are now, or null where its private memory is gone.
const unsigned char* bindingBytes(const oclgrind::WorkItem* item, const WatchBinding& binding,
                                  const llvm::DataLayout& layout);

// Whether a variable's debug type says unsigned (through typedefs, qualifiers, vectors and
// pointers to its element type).
bool isUnsignedType(const llvm::DIType* type);
// The OpenCL C name of a scalar type ("uint", "float"), empty for one that is not a number.
std::string scalarName(const llvm::Type* type, bool isUnsigned);
double scalarValue(const llvm::Type* type, bool isUnsigned, const unsigned char* bytes);

} // namespace clw::oclgrind_check
