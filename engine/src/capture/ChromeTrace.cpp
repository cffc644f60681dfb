#include "clw/engine/capture/ChromeTrace.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string_view>

namespace clw::engine {

namespace {

using Json = nlohmann::json;

constexpr int kHostPid = 1;
constexpr int kDevicePid = 2;

// The journal's times, counts and ids are non-negative integers, which nlohmann reads as unsigned.
std::uint64_t count(const Json& line, const char* key) {
    const auto found = line.find(key);
    if (found == line.end() || !found->is_number_unsigned())
        throw std::invalid_argument(std::string("\"") + key +
                                    "\" is missing or not a non-negative integer");
    return found->get<std::uint64_t>();
}

std::uint64_t optionalCount(const Json& line, const char* key) {
    return line.contains(key) ? count(line, key) : 0;
}

// Nanoseconds from the trace's start (a difference taken modulo 2^64) as Chrome's microseconds.
double micros(std::uint64_t nanoseconds) {
    return double(static_cast<std::int64_t>(nanoseconds)) / 1000.0;
}

Json metadata(const char* what, int pid, std::uint64_t tid, const std::string& name) {
    return Json{
        {"ph", "M"}, {"name", what}, {"pid", pid}, {"tid", tid}, {"args", {{"name", name}}}};
}

bool isLaunch(const std::string& call) {
    return call == "clEnqueueNDRangeKernel" || call == "clEnqueueTask";
}

// "clEnqueueReadBuffer" -> "ReadBuffer": the track already says it is a command.
std::string commandName(const std::string& call) {
    constexpr std::string_view kPrefix = "clEnqueue";
    return call.starts_with(kPrefix) ? call.substr(kPrefix.size()) : call;
}

bool blank(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

} // namespace

ChromeTrace ChromeTrace::fromJournal(const std::string& text,
                                     const std::map<std::uint64_t, std::string>& queueDevices) {
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        lines.emplace_back(text.data() + at, end - at);
        at = end + 1;
    }
    std::size_t last = lines.size();
    while (last > 0 && blank(lines[last - 1]))
        --last;

    ChromeTrace trace;
    trace.m_queueDevices = queueDevices;
    for (std::size_t i = 0; i < last; ++i) {
        if (blank(lines[i]))
            continue;
        const std::string where = "trace.jsonl line " + std::to_string(i + 1) + ": ";
        const Json line = Json::parse(lines[i].begin(), lines[i].end(), nullptr, false);
        if (line.is_discarded()) {
            // The layer writes the trace in blocks: a crash can cut the last one short, and no
            // cut-short object parses. Anywhere else it is damage.
            if (i + 1 == last)
                break;
            throw std::runtime_error(where + "not JSON");
        }
        try {
            trace.add(line);
        } catch (const std::exception& error) {
            throw std::runtime_error(where + error.what());
        }
    }
    // Threads' lines interleave and a block can land late: order by start, keeping the journal's
    // order for calls that started in the same nanosecond.
    std::stable_sort(trace.m_calls.begin(), trace.m_calls.end(),
                     [](const Call& a, const Call& b) { return a.start < b.start; });
    trace.summarize();
    return trace;
}

void ChromeTrace::add(const nlohmann::json& line) {
    if (!line.is_object())
        throw std::invalid_argument("not a JSON object");
    if (line.contains("c")) {
        Call call;
        if (!line.at("c").is_string())
            throw std::invalid_argument("\"c\" is not a call's name");
        call.name = line.at("c").get<std::string>();
        call.start = count(line, "t");
        call.duration = count(line, "d");
        call.thread = count(line, "th");
        call.queue = optionalCount(line, "q");
        call.event = optionalCount(line, "e");
        if (line.contains("k")) {
            if (!line.at("k").is_string())
                throw std::invalid_argument("\"k\" is not a kernel's name");
            call.kernel = line.at("k").get<std::string>();
            call.hasKernel = true;
        }
        m_calls.push_back(std::move(call));
        return;
    }
    if (!line.contains("ev"))
        throw std::invalid_argument("neither a call (\"c\") nor a command's times (\"ev\")");
    const std::uint64_t sequence = count(line, "ev");
    EventTimes times;
    if (line.contains("s")) {
        const Json& list = line.at("s");
        if (!list.is_array() || list.size() != 4)
            throw std::invalid_argument("\"s\" is not the 4 times queued, submit, start, end");
        for (std::size_t i = 0; i < 4; ++i) {
            if (!list[i].is_number_unsigned())
                throw std::invalid_argument("\"s\" holds a time that is no non-negative integer");
            times.at[i] = list[i].get<std::uint64_t>();
        }
        times.timed = true;
    } else if (line.contains("status") && line.at("status").is_number_integer()) {
        times.status = line.at("status").get<std::int64_t>();
    } else {
        throw std::invalid_argument("a command's line has neither times (\"s\") nor \"status\"");
    }
    if (!m_events.emplace(sequence, times).second)
        throw std::invalid_argument("command " + std::to_string(sequence) + " appears twice");
}

void ChromeTrace::summarize() {
    m_summary.calls = m_calls.size();
    for (const Call& call : m_calls) {
        const auto times = m_events.find(call.event);
        const bool timed = call.event && times != m_events.end() && times->second.timed;
        const std::uint64_t* at = timed ? times->second.at : nullptr;
        const std::uint64_t deviceNs = at && at[3] > at[2] ? at[3] - at[2] : 0;
        if (isLaunch(call.name)) {
            m_summary.launches.push_back(call.kernel);
            m_summary.launchDeviceNs.push_back(deviceNs);
        }
        if (call.hasKernel && timed)
            m_summary.kernelDeviceNs[call.kernel] += deviceNs;
    }
}

std::map<std::uint64_t, std::uint64_t> ChromeTrace::queueOffsets() const {
    // One offset a queue, from its first timed command: its QUEUED time is taken to be the
    // moment its enqueue call started. The two clocks drift little over a program's run, while
    // matching every command to its own call would let host jitter reorder the device's work.
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> first; // sequence, offset
    if (m_calls.empty())
        return {};
    const std::uint64_t origin = m_calls.front().start;
    for (const Call& call : m_calls) {
        const auto times = m_events.find(call.event);
        if (!call.queue || !call.event || times == m_events.end() || !times->second.timed)
            continue;
        const auto known = first.find(call.queue);
        if (known == first.end() || call.event < known->second.first)
            first[call.queue] = {call.event, call.start - origin - times->second.at[0]};
    }
    std::map<std::uint64_t, std::uint64_t> offsets;
    for (const auto& [queue, chosen] : first)
        offsets[queue] = chosen.second;
    return offsets;
}

nlohmann::json ChromeTrace::json() const {
    Json events = Json::array();
    events.push_back(metadata("process_name", kHostPid, 0, "Program (host)"));
    std::set<std::uint64_t> threads;
    for (const Call& call : m_calls)
        threads.insert(call.thread);
    for (const std::uint64_t thread : threads)
        events.push_back(
            metadata("thread_name", kHostPid, thread, "Thread " + std::to_string(thread)));
    const std::map<std::uint64_t, std::uint64_t> offsets = queueOffsets();
    if (!offsets.empty())
        events.push_back(metadata("process_name", kDevicePid, 0, "Device queues"));
    for (const auto& [queue, offset] : offsets) {
        const auto device = m_queueDevices.find(queue);
        std::string name = "Queue " + std::to_string(queue);
        if (device != m_queueDevices.end() && !device->second.empty())
            name += " (" + device->second + ")";
        events.push_back(metadata("thread_name", kDevicePid, queue, name));
    }

    const std::uint64_t origin = m_calls.empty() ? 0 : m_calls.front().start;
    for (const Call& call : m_calls) {
        Json args = Json::object();
        if (call.hasKernel)
            args["kernel"] = call.kernel;
        if (call.queue)
            args["queue"] = call.queue;
        const auto times = m_events.find(call.event);
        const bool known = call.event && times != m_events.end();
        if (known && !times->second.timed)
            args["status"] = times->second.status; // the command failed, or had no times
        events.push_back(Json{{"ph", "X"},
                              {"cat", "api"},
                              {"name", call.name},
                              {"pid", kHostPid},
                              {"tid", call.thread},
                              {"ts", micros(call.start - origin)},
                              {"dur", micros(call.duration)},
                              {"args", args}});
        if (!known || !times->second.timed || !offsets.contains(call.queue))
            continue;
        const std::uint64_t offset = offsets.at(call.queue);
        const std::uint64_t* at = times->second.at;
        events.push_back(Json{{"ph", "X"},
                              {"cat", "device"},
                              {"name", call.hasKernel ? call.kernel : commandName(call.name)},
                              {"pid", kDevicePid},
                              {"tid", call.queue},
                              {"ts", micros(at[2] + offset)},
                              {"dur", at[3] > at[2] ? micros(at[3] - at[2]) : 0.0},
                              {"args",
                               {{"queued_us", micros(at[0] + offset)},
                                {"submit_us", micros(at[1] + offset)},
                                {"call", call.name}}}});
    }
    return Json{{"traceEvents", std::move(events)}, {"displayTimeUnit", "ns"}};
}

} // namespace clw::engine
