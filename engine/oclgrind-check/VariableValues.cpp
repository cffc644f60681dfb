#include "VariableValues.h"

#include <oclgrind/Memory.h>
#include <oclgrind/WorkItem.h>

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IntrinsicInst.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace clw::oclgrind_check {

// Whether the variable's debug type says unsigned (through typedefs, qualifiers, vectors and
// pointers to its element type).
bool isUnsignedType(const llvm::DIType* type) {
    while (type) {
        if (const auto* basic = llvm::dyn_cast<llvm::DIBasicType>(type)) {
            const unsigned encoding = basic->getEncoding();
            return encoding == llvm::dwarf::DW_ATE_unsigned ||
                   encoding == llvm::dwarf::DW_ATE_unsigned_char ||
                   encoding == llvm::dwarf::DW_ATE_boolean;
        }
        if (const auto* derived = llvm::dyn_cast<llvm::DIDerivedType>(type))
            type = derived->getBaseType();
        else if (const auto* composite = llvm::dyn_cast<llvm::DICompositeType>(type))
            type = composite->getBaseType();
        else
            return false;
    }
    return false;
}

// The OpenCL C name of a scalar type, empty for one that is not a number.
std::string scalarName(const llvm::Type* type, bool isUnsigned) {
    if (type->isFloatTy())
        return "float";
    if (type->isDoubleTy())
        return "double";
    if (type->isHalfTy())
        return "half";
    if (!type->isIntegerTy())
        return {};
    const char* names[] = {"char", "short", "int", "long"};
    const unsigned bits = type->getIntegerBitWidth();
    const int which = bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : bits == 64 ? 3 : -1;
    if (which < 0)
        return bits == 1 ? "bool" : std::string();
    return (isUnsigned ? "u" : "") + std::string(names[which]);
}

namespace {

double halfAsDouble(std::uint16_t half) {
    const int exponent = (half >> 10) & 0x1f, mantissa = half & 0x3ff;
    const double sign = (half & 0x8000) ? -1 : 1;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? std::numeric_limits<double>::quiet_NaN()
                        : sign * std::numeric_limits<double>::infinity();
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

} // namespace

double scalarValue(const llvm::Type* type, bool isUnsigned, const unsigned char* bytes) {
    if (type->isFloatTy()) {
        float value;
        std::memcpy(&value, bytes, 4);
        return value;
    }
    if (type->isDoubleTy()) {
        double value;
        std::memcpy(&value, bytes, 8);
        return value;
    }
    if (type->isHalfTy()) {
        std::uint16_t value;
        std::memcpy(&value, bytes, 2);
        return halfAsDouble(value);
    }
    const unsigned size = std::max(1u, type->getIntegerBitWidth() / 8);
    std::uint64_t raw = 0;
    std::memcpy(&raw, bytes, size);
    if (type->getIntegerBitWidth() == 1)
        return double(raw & 1);
    if (isUnsigned || size == 8)
        return isUnsigned ? double(raw) : double(std::int64_t(raw));
    const unsigned shift = 64 - 8 * size; // sign-extend
    return double(std::int64_t(raw << shift) >> shift);
}

namespace {

// How many scopes lie from `inner` out to `outer` (0: the same), or -1 when `outer` does not hold
// `inner`.
int scopeDistance(const llvm::DIScope* inner, const llvm::DIScope* outer) {
    int steps = 0;
    for (const llvm::DIScope* scope = inner; scope; ++steps) {
        if (scope == outer)
            return steps;
        if (const auto* block = llvm::dyn_cast<llvm::DILexicalBlockBase>(scope))
            scope = block->getScope();
        else
            return -1;
    }
    return -1;
}

} // namespace

std::optional<WatchBinding> bindingOf(const oclgrind::WorkItem* item,
                                      const llvm::Instruction* call) {
    const auto* intrinsic = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(call);
    if (!intrinsic || !intrinsic->getVariable())
        return std::nullopt;
    WatchBinding binding;
    binding.variable = intrinsic->getVariable();
    if (const auto* declare = llvm::dyn_cast<llvm::DbgDeclareInst>(intrinsic)) {
        const llvm::Value* address = declare->getAddress();
        const auto* alloca = llvm::dyn_cast_or_null<llvm::AllocaInst>(address);
        if (!alloca)
            return std::nullopt;
        binding.inMemory = true;
        binding.type = alloca->getAllocatedType();
        binding.address = item->getOperand(address).getPointer();
    } else if (const auto* value = llvm::dyn_cast<llvm::DbgValueInst>(intrinsic)) {
        const llvm::Value* bound = value->getValue();
        if (!bound || llvm::isa<llvm::UndefValue>(bound))
            return std::nullopt; // optimized away here
        const oclgrind::TypedValue typed = item->getOperand(bound);
        binding.type = bound->getType();
        binding.bytes.assign(typed.data, typed.data + size_t(typed.size) * typed.num);
    } else {
        return std::nullopt;
    }
    return binding;
}

void rebind(std::vector<WatchBinding>& bindings, WatchBinding binding) {
    for (WatchBinding& known : bindings)
        if (known.variable == binding.variable) {
            known = std::move(binding);
            return;
        }
    bindings.push_back(std::move(binding));
}

const WatchBinding* visibleBinding(const std::vector<WatchBinding>& bindings,
                                   const llvm::Instruction* instruction, const std::string& name) {
    const auto* scope =
        llvm::dyn_cast_or_null<llvm::DIScope>(instruction->getDebugLoc().getScope());
    const WatchBinding* visible = nullptr;
    int nearest = -1;
    for (const WatchBinding& binding : bindings) {
        if (binding.variable->getName() != name)
            continue;
        const int distance = scopeDistance(scope, binding.variable->getScope());
        if (distance >= 0 && (nearest < 0 || distance < nearest)) {
            visible = &binding;
            nearest = distance;
        }
    }
    return visible;
}

std::vector<const WatchBinding*> visibleBindings(const std::vector<WatchBinding>& bindings,
                                                 const llvm::Instruction* instruction) {
    std::vector<const WatchBinding*> visible;
    for (const WatchBinding& binding : bindings) {
        const std::string name = binding.variable->getName().str();
        const WatchBinding* innermost = visibleBinding(bindings, instruction, name);
        if (innermost == &binding)
            visible.push_back(&binding);
    }
    return visible;
}

const unsigned char* bindingBytes(const oclgrind::WorkItem* item, const WatchBinding& binding,
                                  const llvm::DataLayout& layout) {
    if (!binding.inMemory)
        return binding.bytes.data();
    const oclgrind::Memory* memory = item->getPrivateMemory();
    const std::uint64_t size = layout.getTypeAllocSize(const_cast<llvm::Type*>(binding.type));
    if (!memory->isAddressValid(binding.address, size))
        return nullptr;
    return static_cast<const unsigned char*>(memory->getPointer(binding.address));
}

} // namespace clw::oclgrind_check
