#include "clw/engine/debug/WatchInstrumentation.h"

#include "KernelStructure.h"
#include "WatchPlacement.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

namespace clw::engine {

namespace {

const char kWatchParameter[] = "__clw_watch";

// The work-item's linear index from the start of the range, x fastest, as WatchedRun orders
// them, over as many dimensions as the kernel's launches have (a 1-D launch pays for no other):
// each store is one line of the person's, so the prelude names it once.
std::string prelude(std::size_t dimensions) {
    std::string item = "(ulong)(get_global_id(0) - get_global_offset(0))";
    if (dimensions >= 3)
        item = "(ulong)(get_global_id(1) - get_global_offset(1)) + (ulong)get_global_size(1) * "
               "(ulong)(get_global_id(2) - get_global_offset(2))";
    else if (dimensions == 2)
        item = "(ulong)(get_global_id(1) - get_global_offset(1))";
    if (dimensions >= 2)
        item = "(ulong)(get_global_id(0) - get_global_offset(0)) + (ulong)get_global_size(0) * (" +
               item + ")";
    return "#define __CLW_WATCH_ITEM (" + item + ")\n#line 1\n";
}

struct ScalarType {
    std::string name; // "float", "uint"
    unsigned width = 1;
    WatchSlotKind kind = WatchSlotKind::Float32;
};

std::optional<ScalarType> scalarType(std::string type,
                                     const std::map<std::string, std::string>& typedefs) {
    for (int i = 0; i < 8 && typedefs.contains(type); ++i)
        type = typedefs.at(type);
    static const std::map<std::string, WatchSlotKind> kinds = {
        {"float", WatchSlotKind::Float32},      {"half", WatchSlotKind::Float32},
        {"double", WatchSlotKind::Float64},     {"char", WatchSlotKind::Signed},
        {"short", WatchSlotKind::Signed},       {"int", WatchSlotKind::Signed},
        {"long", WatchSlotKind::Signed},        {"ptrdiff_t", WatchSlotKind::Signed},
        {"intptr_t", WatchSlotKind::Signed},    {"uchar", WatchSlotKind::Unsigned},
        {"ushort", WatchSlotKind::Unsigned},    {"uint", WatchSlotKind::Unsigned},
        {"ulong", WatchSlotKind::Unsigned},     {"size_t", WatchSlotKind::Unsigned},
        {"uintptr_t", WatchSlotKind::Unsigned}, {"bool", WatchSlotKind::Unsigned}};
    if (type.starts_with("enum "))
        return ScalarType{"int", 1, WatchSlotKind::Signed};
    for (unsigned width : {16u, 8u, 4u, 3u, 2u, 1u}) {
        const std::string suffix = width == 1 ? std::string() : std::to_string(width);
        if (!type.ends_with(suffix))
            continue;
        const auto kind = kinds.find(type.substr(0, type.size() - suffix.size()));
        if (kind != kinds.end() && (width == 1 || kind->first.find('_') == std::string::npos))
            return ScalarType{kind->first, width, kind->second};
    }
    return std::nullopt;
}

// One term as stored: its C text and type, or why it cannot be watched.
struct TermPlan {
    std::string code; // "(tile[3])", "(v.s1)"
    ScalarType type;
    std::string typeName; // as the person declared it: "float4", "uint"
    std::string problem;
};

TermPlan planTerm(const code::SourceStructure& source, const code::Function& function,
                  const code::WatchPlacement& placement, const WatchTerm& term, unsigned line) {
    TermPlan plan;
    const std::optional<code::Declaration> declared =
        code::lookUp(function, placement.block, placement.scope, term.variable);
    if (!declared) {
        plan.problem = "`" + term.variable + "` is not a variable in scope at line " +
                       std::to_string(line) + " of `" + function.name +
                       "`: watch one of its parameters or a variable declared before that line";
        return plan;
    }
    int pointers = declared->pointers;
    std::size_t arrays = declared->arrays.size();
    plan.code = term.variable;
    if (term.index) {
        if (arrays > 0)
            --arrays;
        else if (pointers > 0)
            --pointers;
        else {
            plan.problem = "`" + term.variable + "` is a " + declared->type +
                           ", not an array or a pointer: watch it without an index";
            return plan;
        }
        plan.code += "[" + std::to_string(*term.index) + "]";
    }
    if (arrays > 0 || pointers > 0) {
        plan.problem = "`" + term.text() + "` is " +
                       (arrays > 0 ? std::string("an array") : std::string("a pointer")) +
                       ": its value is an address, whose size and meaning differ between "
                       "devices. Watch one element, as " +
                       term.text() + "[0]" + (term.index ? " on Oclgrind" : "");
        return plan;
    }
    std::optional<ScalarType> type = scalarType(declared->type, source.typedefs);
    if (!type) {
        plan.problem =
            "`" + term.text() + "` is a " +
            (declared->type.empty() ? std::string("value of unknown type") : declared->type) +
            ", which has no fixed size and layout the watch can read on every "
            "device: watch a number or a vector (a field of a struct on Oclgrind)";
        return plan;
    }
    plan.typeName = type->width == 1 ? type->name : type->name + std::to_string(type->width);
    if (term.component) {
        if (type->width == 1 || *term.component >= type->width) {
            plan.problem = "`" + term.text() + "`: " + term.variable + " is a " + plan.typeName +
                           (type->width == 1 ? ", not a vector" : ", with fewer components") +
                           ": watch " + term.variable + " itself";
            return plan;
        }
        static const char hex[] = "0123456789abcdef";
        plan.code += std::string(".s") + hex[*term.component];
        type->width = 1;
        plan.typeName = type->name;
    }
    plan.code = "(" + plan.code + ")";
    plan.type = *type;
    return plan;
}

std::string storeOf(const std::string& code, WatchSlotKind kind) {
    switch (kind) {
    case WatchSlotKind::Float32:
        return "(ulong)as_uint((float)" + code + ")";
    case WatchSlotKind::Float64:
        return "as_ulong((double)" + code + ")";
    case WatchSlotKind::Signed:
        return "(ulong)(long)" + code;
    case WatchSlotKind::Unsigned:
        return "(ulong)" + code;
    }
    return code;
}

std::uint64_t workItemsOf(const std::vector<std::uint64_t>& global) {
    std::uint64_t items = 1;
    for (std::uint64_t size : global)
        items *= size;
    return items;
}

std::string uniqueBufferName(const Session& session, std::size_t launch) {
    std::string name = std::string(kWatchParameter) + "_" + std::to_string(launch);
    while (session.findBuffer(name))
        name += "_";
    return name;
}

// Adds the watch buffer as the kernel's last parameter: "(void)" becomes the buffer alone.
std::pair<std::size_t, std::string> parameterEdit(const code::SourceStructure& source,
                                                  const code::Function& function) {
    const std::string parameter = std::string("__global ulong* ") + kWatchParameter;
    const std::size_t open = function.paramsOpen, close = function.paramsClose;
    if (close == open + 1)
        return {source.tokens[close].offset, parameter};
    if (close == open + 2 && source.tokens[open + 1].text == "void")
        return {source.tokens[open + 1].offset, "\x01" + parameter}; // \x01: replaces `void`
    return {source.tokens[close].offset, ", " + parameter};
}

// Whether `function` calls a barrier (work-group or sub-group) in its body.
bool hasBarrier(const code::SourceStructure& source, const code::Function& function) {
    for (std::size_t i = function.bodyOpen; i < function.bodyClose; ++i) {
        const std::string& word = source.tokens[i].text;
        if (word == "barrier" || word == "work_group_barrier" || word == "sub_group_barrier")
            return true;
    }
    return false;
}

// The store on the watched line: the pass count, then each slot (for the k-th pass only when
// `pass` is given). The count lives in a private variable from the kernel's entry, so that a pass
// only writes the buffer; in the buffer itself (read, then written) in a kernel with barriers,
// where a CPU device keeps a private variable that lives across barriers in memory per
// work-item (that cost PoCL twice the reduction's time, the buffer's count nothing).
std::string storeText(const std::vector<std::string>& stores, unsigned slotsPerItem, unsigned pass,
                      bool barriers) {
    const std::string count = barriers ? "__clw_w[0]" : "__clw_n";
    std::string store = "{ __global ulong* __clw_w = " + std::string(kWatchParameter) +
                        " + __CLW_WATCH_ITEM * " + std::to_string(slotsPerItem) +
                        "; __clw_w[0] = " + (barriers ? "__clw_w[0] + 1" : "++__clw_n") + "; ";
    std::string values;
    for (std::size_t i = 0; i < stores.size(); ++i)
        values += "__clw_w[" + std::to_string(i + 1) + "] = " + stores[i] + "; ";
    store += pass == 0 ? values
                       : "if (" + count + " == " + std::to_string(pass) + "ul) { " + values + "} ";
    return store + "} ";
}

// `text` with the watch buffer as the kernel's last parameter, the store where `placement` says
// (braced with its statement where it says so) and, without barriers, the pass counter at the
// kernel's entry. Only spaces are added: every line keeps its number.
std::string rewritten(std::string text, const code::SourceStructure& source,
                      const code::Function& function, const code::WatchPlacement& placement,
                      const std::string& store, bool barriers) {
    std::vector<std::pair<std::size_t, std::string>> edits;
    edits.push_back(parameterEdit(source, function));
    if (!placement.braced)
        edits.push_back({placement.storeAt, store});
    else if (placement.storeAt == placement.braceOpen) {
        edits.push_back({placement.braceOpen, "{ " + store});
        edits.push_back({placement.braceClose, " }"});
    } else {
        edits.push_back({placement.braceOpen, "{ "});
        edits.push_back({placement.braceClose, " " + store + "}"});
    }
    if (!barriers) {
        const std::size_t counterAt = source.tokens[function.bodyOpen].end;
        const std::string counter = " ulong __clw_n = 0; ";
        auto same = std::find_if(edits.begin(), edits.end(),
                                 [&](const auto& edit) { return edit.first == counterAt; });
        if (same != edits.end())
            same->second = counter + same->second; // declared before a store at the entry
        else
            edits.push_back({counterAt, counter});
    }
    // From the last to the first, so that each offset still holds.
    std::sort(edits.begin(), edits.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [offset, insert] : edits) {
        if (insert.starts_with('\x01'))
            text.replace(offset, 4, insert.substr(1)); // `void` replaced
        else
            text.insert(offset, insert);
    }
    return text;
}

} // namespace

InstrumentedWatch instrumentWatch(const Session& session, const WatchRequest& request) {
    InstrumentedWatch watch;
    watch.pass = request.pass;
    const PreparedWatch prepared = prepareWatch(session, request);
    if (!prepared.problem.empty()) {
        watch.problem = prepared.problem;
        return watch;
    }
    const SourceFile* main = session.sources.main();
    if (prepared.request.file != "input.cl") {
        watch.problem = "line " + std::to_string(request.line) + " is in " + request.file +
                        ": a watch on a device rewrites the kernels of " + main->name +
                        ". Watch a line of " + main->name + ", or watch on Oclgrind";
        return watch;
    }
    std::string problem;
    watch.expression = *parseWatchExpression(request.expression, problem);
    const code::SourceStructure source = code::readStructure(main->text);
    if (!source.problem.empty()) {
        watch.problem = "the structure of " + main->name + " could not be read (" + source.problem +
                        "): fix the build first";
        return watch;
    }
    const code::Function* function = nullptr;
    for (const code::Function& candidate : source.functions)
        if (source.tokens[candidate.paramsOpen - 1].line <= request.line &&
            request.line <= source.tokens[candidate.bodyClose].line)
            function = &candidate;
    if (!function) {
        watch.problem = "line " + std::to_string(request.line) + " of " + main->name +
                        " is not in a function: watch a line of a kernel";
        return watch;
    }
    if (!function->kernel) {
        watch.problem = "line " + std::to_string(request.line) + " is in `" + function->name +
                        "`, which is not a kernel: a watch on a device instruments kernels. "
                        "Watch the line of its call in the kernel, or watch on Oclgrind, which "
                        "follows every function";
        return watch;
    }
    const code::WatchPlacement placement = code::placeWatch(source, *function, request.line);
    if (!placement.problem.empty()) {
        watch.problem = placement.problem;
        return watch;
    }
    std::vector<std::string> stores;
    for (const WatchTerm& term : watch.expression.terms) {
        TermPlan plan = planTerm(source, *function, placement, term, request.line);
        if (!plan.problem.empty()) {
            watch.problem = plan.problem;
            return watch;
        }
        if (!watch.expression.isTerm() && plan.type.width > 1) {
            watch.problem = "`" + term.text() + "` is a vector: pick a component (" +
                            term.variable + ".x) to compute with it";
            return watch;
        }
        for (unsigned c = 0; c < plan.type.width; ++c) {
            const std::string code = plan.type.width == 1
                                         ? plan.code
                                         : plan.code + ".s" + std::string(1, "0123456789abcdef"[c]);
            stores.push_back(storeOf(code, plan.type.kind));
            watch.slotKinds.push_back(plan.type.kind);
        }
        if (watch.expression.isTerm()) {
            watch.type = plan.typeName;
            watch.components = plan.type.width;
        } else {
            watch.type = "double";
        }
    }
    watch.slotsPerItem = unsigned(1 + watch.slotKinds.size());
    const bool barriers = hasBarrier(source, *function);
    const std::string text =
        rewritten(main->text, source, *function, placement,
                  storeText(stores, watch.slotsPerItem, request.pass, barriers), barriers);

    watch.kernel = function->name;
    watch.plain = session;
    for (SessionLaunch& launch : watch.plain.launches)
        launch.repeat = 1;
    watch.session = watch.plain;
    std::size_t dimensions = 1;
    for (const SessionLaunch& launch : watch.session.launches)
        if (launch.kernel == watch.kernel)
            dimensions = std::max(dimensions, launch.global.size());
    for (SourceFile& file : watch.session.sources.files)
        if (file.name == main->name)
            file.text = prelude(dimensions) + text;
    for (std::size_t i = 0; i < watch.session.launches.size(); ++i) {
        SessionLaunch& launch = watch.session.launches[i];
        watch.buffers.push_back({});
        if (launch.kernel != watch.kernel)
            continue;
        SessionBuffer buffer;
        buffer.name = uniqueBufferName(watch.session, i);
        buffer.elementType = "ulong";
        buffer.shape = {workItemsOf(launch.global) * watch.slotsPerItem};
        buffer.access = "read_write";
        watch.session.buffers.push_back(buffer);
        SessionArgument argument;
        argument.kind = SessionArgument::Kind::Buffer;
        argument.buffer = buffer.name;
        launch.arguments.push_back(argument);
        watch.buffers.back() = buffer.name;
    }
    return watch;
}

WatchedRun readWatchBuffer(const InstrumentedWatch& watch, std::size_t launch,
                           std::span<const unsigned char> bytes,
                           const std::vector<std::uint64_t>& global,
                           const std::vector<std::uint64_t>& local) {
    WatchedRun run;
    run.kernel = watch.kernel;
    run.global = global;
    run.local = local;
    run.type = watch.type;
    run.components = watch.components;
    const std::uint64_t items = run.workItems();
    run.values.assign(items * run.components, std::numeric_limits<double>::quiet_NaN());
    run.passes.assign(items, 0);
    const std::uint64_t stride = watch.slotsPerItem;
    if (launch >= watch.buffers.size() || bytes.size() < items * stride * 8) {
        run.problem = "the watch buffer of launch " + std::to_string(launch + 1) +
                      " holds less than its work-items' values";
        return run;
    }
    auto slot = [&](std::uint64_t item, std::uint64_t index) {
        std::uint64_t value = 0;
        std::memcpy(&value, bytes.data() + (item * stride + index) * 8, 8);
        return value;
    };
    for (std::uint64_t item = 0; item < items; ++item) {
        const std::uint64_t passes = slot(item, 0);
        run.passes[item] = std::uint32_t(std::min<std::uint64_t>(passes, UINT32_MAX));
        if (passes == 0 || (watch.pass > 0 && passes < watch.pass))
            continue;
        std::vector<double> terms;
        for (std::size_t s = 0; s < watch.slotKinds.size(); ++s) {
            const std::uint64_t raw = slot(item, s + 1);
            switch (watch.slotKinds[s]) {
            case WatchSlotKind::Float32:
                terms.push_back(std::bit_cast<float>(std::uint32_t(raw)));
                break;
            case WatchSlotKind::Float64:
                terms.push_back(std::bit_cast<double>(raw));
                break;
            case WatchSlotKind::Signed:
                terms.push_back(double(std::int64_t(raw)));
                break;
            case WatchSlotKind::Unsigned:
                terms.push_back(double(raw));
                break;
            }
        }
        if (watch.expression.isTerm())
            std::copy(terms.begin(), terms.end(), run.values.begin() + item * run.components);
        else
            run.values[item] = watch.expression.evaluate(terms);
    }
    return run;
}

std::string watchOutputDifference(const std::string& buffer, std::span<const unsigned char> plain,
                                  std::span<const unsigned char> watched, std::size_t elementSize) {
    if (plain.size() != watched.size())
        return "buffer `" + buffer + "`: the watched run read back " +
               std::to_string(watched.size()) + " bytes, the plain run " +
               std::to_string(plain.size());
    elementSize = std::max<std::size_t>(elementSize, 1);
    std::uint64_t differing = 0;
    std::uint64_t first = 0;
    for (std::size_t at = 0; at < plain.size(); at += elementSize) {
        const std::size_t length = std::min(elementSize, plain.size() - at);
        if (std::memcmp(plain.data() + at, watched.data() + at, length) != 0) {
            if (differing++ == 0)
                first = at / elementSize;
        }
    }
    if (differing == 0)
        return {};
    return "buffer `" + buffer + "`: " + std::to_string(differing) + " of " +
           std::to_string(plain.size() / elementSize) +
           " elements differ from the plain run's (the first at element " + std::to_string(first) +
           "): the instrumented kernel computed something else, so the watched values may not "
           "be what the plain kernel sees (a race, or a compiler that optimizes the two "
           "differently)";
}

} // namespace clw::engine
