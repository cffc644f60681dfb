#include "DebugSession.h"

#include "SourcePlaces.h"
#include "VariableValues.h"

#include <oclgrind/Context.h>
#include <oclgrind/Kernel.h>
#include <oclgrind/KernelInvocation.h>
#include <oclgrind/Memory.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

namespace clw::oclgrind_check {

namespace {

bool sameFile(const std::string& place, const std::string& file) {
    return place == file ||
           (place.size() > file.size() &&
            place.compare(place.size() - file.size() - 1, std::string::npos, "/" + file) == 0);
}

std::string idsText(const engine::CheckIds& ids) {
    return "(" + std::to_string(ids[0]) + ", " + std::to_string(ids[1]) + ", " +
           std::to_string(ids[2]) + ")";
}

// A variable's type as the source spells it, from its debug information: "uint", "float4",
// "const float*".
std::string typeText(const llvm::DIType* type) {
    if (!type)
        return "void";
    if (!type->getName().empty())
        return type->getName().str();
    if (const auto* derived = llvm::dyn_cast<llvm::DIDerivedType>(type)) {
        const std::string base = typeText(derived->getBaseType());
        switch (derived->getTag()) {
        case llvm::dwarf::DW_TAG_pointer_type:
            return base + "*";
        case llvm::dwarf::DW_TAG_const_type:
            return "const " + base;
        case llvm::dwarf::DW_TAG_volatile_type:
            return "volatile " + base;
        case llvm::dwarf::DW_TAG_restrict_type:
            return base;
        default:
            break;
        }
    }
    return {};
}

// A local's value for the workbench: numbers for a number or vector, the address of a pointer,
// the first elements of an array of numbers, and a word for the rest.
nlohmann::json valueOf(const llvm::Type* type, bool isUnsigned, const unsigned char* bytes,
                       const llvm::DataLayout& layout, std::string& typeName) {
    const llvm::Type* scalar = type;
    unsigned count = 1;
    if (const auto* vector = llvm::dyn_cast<llvm::FixedVectorType>(type)) {
        scalar = vector->getElementType();
        count = vector->getNumElements();
    } else if (const auto* array = llvm::dyn_cast<llvm::ArrayType>(type)) {
        scalar = array->getElementType();
        count = unsigned(std::min<std::uint64_t>(array->getNumElements(), 16));
    }
    if (type->isPointerTy()) {
        std::uint64_t pointer = 0;
        std::memcpy(&pointer, bytes, sizeof(pointer));
        char text[32];
        std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(pointer));
        if (typeName.empty())
            typeName = "pointer";
        return text;
    }
    const std::string name = scalarName(scalar, isUnsigned);
    if (name.empty()) {
        if (typeName.empty())
            typeName = "struct";
        return "(" + std::to_string(layout.getTypeAllocSize(const_cast<llvm::Type*>(type))) +
               " bytes)";
    }
    if (typeName.empty())
        typeName = name + (llvm::isa<llvm::FixedVectorType>(type) ? std::to_string(count) : "") +
                   (llvm::isa<llvm::ArrayType>(type) ? "[]" : "");
    const std::uint64_t step = layout.getTypeAllocSize(const_cast<llvm::Type*>(scalar));
    if (!llvm::isa<llvm::FixedVectorType>(type) && !llvm::isa<llvm::ArrayType>(type))
        return scalarValue(scalar, isUnsigned, bytes);
    nlohmann::json values = nlohmann::json::array();
    for (unsigned i = 0; i < count; ++i)
        values.push_back(scalarValue(scalar, isUnsigned, bytes + i * step));
    return values;
}

// The most bytes of one buffer a pause sends: the inspector shows what came.
constexpr std::uint64_t kMaxMemoryBytes = std::uint64_t(16) << 20;

std::string base64(const unsigned char* bytes, std::uint64_t size) {
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve(size_t((size + 2) / 3 * 4));
    for (std::uint64_t i = 0; i < size; i += 3) {
        const std::uint32_t chunk = (std::uint32_t(bytes[i]) << 16) |
                                    (i + 1 < size ? std::uint32_t(bytes[i + 1]) << 8 : 0) |
                                    (i + 2 < size ? std::uint32_t(bytes[i + 2]) : 0);
        out += digits[(chunk >> 18) & 63];
        out += digits[(chunk >> 12) & 63];
        out += i + 1 < size ? digits[(chunk >> 6) & 63] : '=';
        out += i + 2 < size ? digits[chunk & 63] : '=';
    }
    return out;
}

// A buffer's bytes from `address` to its end, as the pause sends them.
nlohmann::json memoryEntry(const oclgrind::Memory* memory, std::uint64_t address, int argument,
                           const std::string& name, const char* space) {
    if (!memory->isAddressValid(address, 1))
        return nullptr;
    const oclgrind::Memory::Buffer* buffer = memory->getBuffer(address);
    const std::uint64_t offset = memory->extractOffset(address);
    const std::uint64_t size = std::min(buffer->size - offset, kMaxMemoryBytes);
    return {{"argument", argument},
            {"name", name},
            {"space", space},
            {"size", size},
            {"base64", base64(buffer->data + offset, size)}};
}

} // namespace

DebugSession::DebugSession(std::string socketPath, std::string file, std::set<unsigned> lines,
                           engine::CheckIds workItem)
    : m_socketPath(std::move(socketPath))
    , m_file(std::move(file))
    , m_lines(std::move(lines))
    , m_followed(workItem) {
    if (!connectSocket())
        m_mode = Mode::Detached;
}

DebugSession::~DebugSession() {
    if (m_socket >= 0)
        ::close(m_socket);
}

std::unique_ptr<DebugSession> DebugSession::fromEnvironment() {
    const char* request = std::getenv("CLW_DEBUG");
    const char* socket = std::getenv("CLW_DEBUG_SOCKET");
    if (!request || !socket)
        return {};
    try {
        const nlohmann::json value = nlohmann::json::parse(request);
        const auto ids = value.at("workItem").get<std::vector<std::uint64_t>>();
        engine::CheckIds workItem{0, 0, 0};
        for (size_t i = 0; i < ids.size() && i < 3; ++i)
            workItem[i] = ids[i];
        return std::make_unique<DebugSession>(socket, value.at("file").get<std::string>(),
                                              value.at("lines").get<std::set<unsigned>>(),
                                              workItem);
    } catch (const std::exception& error) {
        std::cerr << "clw_oclgrind_check: CLW_DEBUG: " << error.what() << std::endl;
        return {};
    }
}

bool DebugSession::connectSocket() {
    sockaddr_un address{};
    if (m_socketPath.size() >= sizeof(address.sun_path))
        return false;
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, m_socketPath.c_str(), m_socketPath.size() + 1);
    m_socket = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (m_socket < 0)
        return false;
    if (::connect(m_socket, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
        std::cerr << "clw_oclgrind_check: the debugger's socket: " << std::strerror(errno)
                  << std::endl;
        ::close(m_socket);
        m_socket = -1;
        return false;
    }
    return true;
}

void DebugSession::send(const nlohmann::json& message) {
    if (m_socket < 0)
        return;
    const std::string line = message.dump() + "\n";
    size_t written = 0;
    while (written < line.size()) {
        const ssize_t count =
            ::send(m_socket, line.data() + written, line.size() - written, MSG_NOSIGNAL);
        if (count <= 0) {
            m_mode = Mode::Detached; // the workbench went away: run to the end
            return;
        }
        written += size_t(count);
    }
}

std::optional<nlohmann::json> DebugSession::receive() {
    while (m_socket >= 0) {
        const size_t end = m_received.find('\n');
        if (end != std::string::npos) {
            const std::string line = m_received.substr(0, end);
            m_received.erase(0, end + 1);
            const nlohmann::json value = nlohmann::json::parse(line, nullptr, false);
            if (!value.is_discarded())
                return value;
            continue;
        }
        char buffer[4096];
        const ssize_t count = ::recv(m_socket, buffer, sizeof(buffer), 0);
        if (count <= 0)
            break;
        m_received.append(buffer, size_t(count));
    }
    return std::nullopt;
}

std::set<unsigned> DebugSession::linesWithCode(const oclgrind::KernelInvocation* invocation) const {
    std::set<unsigned> lines;
    const llvm::Module* module = invocation->getKernel()->getFunction()->getParent();
    for (const llvm::Function& function : *module)
        for (const llvm::Instruction& instruction : llvm::instructions(function))
            if (instruction.getDebugLoc() && !llvm::isa<llvm::DbgInfoIntrinsic>(instruction) &&
                sameFile(placeOf(&instruction).file, m_file))
                lines.insert(instruction.getDebugLoc().getLine());
    return lines;
}

void DebugSession::kernelBegin(const oclgrind::KernelInvocation* invocation,
                               const std::string& kernel) {
    m_kernel = kernel;
    m_invocation = invocation;
    m_bindings.clear();
    m_lastLine = 0;
    m_barrierPassed = false;
    if (m_mode == Mode::Detached)
        return;
    m_mode = Mode::Run;
    const std::set<unsigned> code = linesWithCode(invocation);
    for (unsigned line : m_lines)
        if (!code.count(line))
            send({{"event", "problem"},
                  {"message", "line " + std::to_string(line) +
                                  " holds no code, so a breakpoint there never stops: put it on "
                                  "a line with a statement"}});
    const oclgrind::Size3 offset = invocation->getGlobalOffset();
    const oclgrind::Size3 size = invocation->getGlobalSize();
    for (unsigned i = 0; i < 3; ++i)
        if (m_followed[i] < offset[i] || m_followed[i] >= offset[i] + size[i]) {
            std::ostringstream range;
            range << size.x << " x " << size.y << " x " << size.z;
            send({{"event", "problem"},
                  {"message", "work-item " + idsText(m_followed) + " is outside the range of " +
                                  kernel + " (" + range.str() +
                                  " work-items): follow one inside it"}});
            break;
        }
}

void DebugSession::executed(const oclgrind::WorkItem* item, const llvm::Instruction* instruction) {
    if (m_mode == Mode::Detached)
        return;
    const oclgrind::Size3 id = item->getGlobalID();
    if (llvm::isa<llvm::DbgVariableIntrinsic>(instruction)) {
        if (std::optional<WatchBinding> binding = bindingOf(item, instruction))
            rebind(m_bindings[{id.x, id.y, id.z}], std::move(*binding));
        return;
    }
    if (id.x != m_followed[0] || id.y != m_followed[1] || id.z != m_followed[2])
        return;
    const llvm::DebugLoc& location = instruction->getDebugLoc();
    if (!location || location.getLine() == 0)
        return;
    const unsigned line = location.getLine();
    const size_t depth = item->getCallStack().size();
    const bool entering = line != m_lastLine;
    m_lastLine = line;
    const char* reason = nullptr;
    switch (m_mode) {
    case Mode::Run:
        if (entering && m_lines.count(line) && sameFile(placeOf(instruction).file, m_file))
            reason = "breakpoint";
        break;
    case Mode::StepInto:
        reason = entering ? "step" : nullptr;
        break;
    case Mode::StepOver:
        reason = entering && depth <= m_fromDepth ? "step" : nullptr;
        break;
    case Mode::StepOut:
        reason = depth < m_fromDepth ? "step" : nullptr;
        break;
    case Mode::ToBarrier:
        reason = m_barrierPassed ? "barrier" : nullptr;
        break;
    case Mode::Detached:
        break;
    }
    if (reason)
        pause(item, instruction, line, depth, reason);
}

void DebugSession::barrierPassed() {
    m_barrierPassed = true;
}

void DebugSession::pause(const oclgrind::WorkItem* item, const llvm::Instruction* instruction,
                         unsigned line, size_t depth, const char* reason) {
    const engine::CheckPlace place = placeOf(instruction);
    send({{"event", "paused"},
          {"reason", reason},
          {"kernel", m_kernel},
          {"workItem", m_followed},
          {"file", place.file},
          {"line", line},
          {"column", place.column},
          {"depth", depth},
          {"locals", locals(item, instruction)},
          {"memory", memory(item)}});
    while (m_mode != Mode::Detached) {
        const std::optional<nlohmann::json> command = receive();
        if (!command) {
            m_mode = Mode::Detached;
            return;
        }
        const std::string verb = command->value("command", std::string());
        m_fromLine = line;
        m_fromDepth = depth;
        m_barrierPassed = false;
        if (verb == "continue")
            m_mode = Mode::Run;
        else if (verb == "stepOver")
            m_mode = Mode::StepOver;
        else if (verb == "stepInto")
            m_mode = Mode::StepInto;
        else if (verb == "stepOut")
            m_mode = depth > 0 ? Mode::StepOut : Mode::Run;
        else if (verb == "toBarrier")
            m_mode = Mode::ToBarrier;
        else if (verb == "detach")
            m_mode = Mode::Detached;
        else if (verb == "follow" && command->contains("workItem")) {
            const auto ids = command->at("workItem").get<std::vector<std::uint64_t>>();
            m_followed = {0, 0, 0};
            for (size_t i = 0; i < ids.size() && i < 3; ++i)
                m_followed[i] = ids[i];
            m_mode = Mode::Run;
            send({{"event", "following"}, {"workItem", m_followed}});
        } else {
            send({{"event", "problem"}, {"message", "unknown command '" + verb + "'"}});
            continue;
        }
        return;
    }
}

nlohmann::json DebugSession::locals(const oclgrind::WorkItem* item,
                                    const llvm::Instruction* instruction) const {
    nlohmann::json list = nlohmann::json::array();
    const llvm::DataLayout& layout = instruction->getModule()->getDataLayout();
    const auto known = m_bindings.find(m_followed);
    if (known == m_bindings.end())
        return list;
    for (const WatchBinding* binding : visibleBindings(known->second, instruction)) {
        const unsigned char* bytes = bindingBytes(item, *binding, layout);
        if (!bytes)
            continue;
        const llvm::DIType* type = binding->variable->getType();
        std::string typeName = typeText(type);
        const nlohmann::json value =
            valueOf(binding->type, isUnsignedType(type), bytes, layout, typeName);
        list.push_back({{"name", binding->variable->getName().str()},
                        {"type", typeName},
                        {"line", binding->variable->getLine()},
                        {"value", value}});
    }
    return list;
}

nlohmann::json DebugSession::memory(const oclgrind::WorkItem* item) const {
    nlohmann::json list = nlohmann::json::array();
    if (!m_invocation)
        return list;
    const oclgrind::Kernel* kernel = m_invocation->getKernel();
    const oclgrind::WorkGroup* group = item->getWorkGroup();
    for (auto value = kernel->values_begin(); value != kernel->values_end(); ++value) {
        const llvm::Type* type = value->first->getType();
        if (!type->isPointerTy())
            continue;
        const auto* argument = llvm::dyn_cast<llvm::Argument>(value->first);
        const int index = argument ? int(argument->getArgNo()) : -1;
        std::string name = argument ? kernel->getArgumentName(argument->getArgNo()).str()
                                    : value->first->getName().str();
        if (!argument && name.rfind('.') != std::string::npos) // "<kernel>.<variable>"
            name = name.substr(name.rfind('.') + 1);
        nlohmann::json entry;
        switch (type->getPointerAddressSpace()) {
        case oclgrind::AddrSpaceGlobal:
        case oclgrind::AddrSpaceConstant:
            if (value->second.size == sizeof(size_t))
                entry = memoryEntry(m_invocation->getContext()->getGlobalMemory(),
                                    value->second.getPointer(), index, name, "global");
            break;
        case oclgrind::AddrSpaceLocal:
            entry = memoryEntry(group->getLocalMemory(), group->getLocalMemoryAddress(value->first),
                                index, name, "local");
            break;
        default:
            break;
        }
        if (!entry.is_null())
            list.push_back(std::move(entry));
    }
    return list;
}

void DebugSession::kernelEnd(const std::string& kernel) {
    if (m_mode != Mode::Detached)
        send({{"event", "finished"}, {"kernel", kernel}});
}

} // namespace clw::oclgrind_check
