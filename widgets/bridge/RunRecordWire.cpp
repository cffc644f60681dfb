#include "bridge/RunRecordWire.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace clw::ui {

namespace {

// What a launch's kernel commands are called: its name, or its kernel's (runLaunch).
const std::string& launchLabel(const engine::SessionLaunch& launch) {
    return launch.name.empty() ? launch.kernel : launch.name;
}

template <class Repeated>
std::vector<std::uint64_t> sizes(const Repeated& values) {
    return {values.begin(), values.end()};
}

} // namespace

void recordToWire(const RunRecord& record, engine::wire::RunRecord& wire) {
    wire.set_mode(int(record.mode));
    wire.set_when_ms(record.when.toMSecsSinceEpoch());
    wire.set_launch_index(record.launchIndex);
    wire.mutable_launch_local()->Add(record.launch.local.begin(), record.launch.local.end());
    wire.set_launch_repeat(record.launch.repeat);
    wire.set_ok(record.ok);
    if (!record.error.isEmpty())
        wire.set_error(record.error.toStdString());
    wire.set_host_stopped(record.hostStopped);
    for (const QString& warning : record.warnings)
        wire.add_warnings(warning.toStdString());
    if (record.global != record.launch.global)
        wire.mutable_global()->Add(record.global.begin(), record.global.end());
    wire.mutable_local()->Add(record.local.begin(), record.local.end());
    const QString label = QString::fromStdString(launchLabel(record.launch));
    for (const RunCommand& command : record.commands) {
        engine::wire::RunCommand& sent = *wire.add_commands();
        if (command.kind == RunCommand::Kind::Kernel && command.label == label) {
            sent.set_own_kernel(true);
        } else {
            sent.set_kind(int(command.kind));
            sent.set_label(command.label.toStdString());
        }
        sent.set_queued(command.times.queued);
        sent.set_submitted(command.times.submitted);
        sent.set_started(command.times.started);
        sent.set_ended(command.times.ended);
    }
    if (!record.output.isEmpty())
        wire.set_output(record.output.toStdString());
    wire.set_output_dropped(record.outputDropped);
    for (const auto& [line, id] : record.outputWorkItems) {
        engine::wire::WorkItemLine& sent = *wire.add_output_work_items();
        sent.set_line(line);
        sent.set_x(id[0]);
        sent.set_y(id[1]);
        sent.set_z(id[2]);
    }
}

RunRecord recordFromWire(const engine::wire::RunRecord& wire, const engine::Session& session,
                         const QString& deviceName) {
    RunRecord record;
    record.mode = RunRecord::Mode(wire.mode());
    record.when = QDateTime::fromMSecsSinceEpoch(wire.when_ms(), Qt::UTC);
    record.launchIndex = wire.launch_index();
    if (record.launchIndex < 0 || record.launchIndex >= int(session.launches.size()))
        throw std::runtime_error("a run record for launch " + std::to_string(record.launchIndex) +
                                 ", which the session does not have");
    record.launch = session.launches[size_t(record.launchIndex)];
    record.launch.local = sizes(wire.launch_local());
    record.launch.repeat = std::max(1, wire.launch_repeat());
    record.deviceName = deviceName;
    record.ok = wire.ok();
    record.error = QString::fromStdString(wire.error());
    record.hostStopped = wire.host_stopped();
    for (const std::string& warning : wire.warnings())
        record.warnings.append(QString::fromStdString(warning));
    record.global = wire.global().empty() ? record.launch.global : sizes(wire.global());
    record.local = sizes(wire.local());
    const QString label = QString::fromStdString(launchLabel(record.launch));
    record.commands.reserve(std::size_t(wire.commands_size()));
    for (const engine::wire::RunCommand& sent : wire.commands()) {
        RunCommand command;
        if (sent.own_kernel()) {
            command.label = label;
        } else {
            command.kind = RunCommand::Kind(sent.kind());
            command.label = QString::fromStdString(sent.label());
        }
        command.times = {sent.queued(), sent.submitted(), sent.started(), sent.ended()};
        // Each repetition's kernel command, in order, is what it took.
        if (command.kind == RunCommand::Kind::Kernel)
            record.kernelNs.push_back(command.times.durationNs());
        record.commands.push_back(std::move(command));
    }
    record.output = QString::fromStdString(wire.output());
    record.outputDropped = wire.output_dropped();
    for (const engine::wire::WorkItemLine& line : wire.output_work_items())
        record.outputWorkItems.emplace_back(line.line(),
                                            engine::CheckIds{line.x(), line.y(), line.z()});
    return record;
}

} // namespace clw::ui
