#include "debug/DebugController.h"

#include "bridge/CheckRun.h"
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "bridge/HostsRelease.h"
#include "debug/DebugChannel.h"

namespace clw::ui {

namespace {

QString number(const nlohmann::json& value) {
    return value.is_number() ? QString::number(value.get<double>(), 'g', 9)
                             : QString::fromStdString(value.is_string() ? value.get<std::string>()
                                                                        : value.dump());
}

} // namespace

DebugController::DebugController(EngineBridge& bridge, QObject* parent)
    : QObject(parent)
    , m_bridge(bridge)
    , m_channel(new DebugChannel(this)) {
    connect(m_channel, &DebugChannel::received, this, &DebugController::onMessage);
}

DebugController::~DebugController() {
    if (m_hosts)
        m_hosts->stopAll(tr("The workbench closed"));
}

bool DebugController::start(const engine::Session& session, const std::filesystem::path& folder,
                            const QString& file, const QList<int>& lines,
                            const engine::CheckIds& workItem) {
    if (m_hosts)
        return false;
    QString problem;
    const QString socket = m_channel->listen(problem);
    if (socket.isEmpty()) {
        Q_EMIT ended(problem);
        return false;
    }
    const engine::SourceFile* main = session.sources.main();
    m_mainFile = main ? QString::fromStdString(main->name) : QString();
    m_session = session;
    m_hosts = std::make_shared<DeviceHosts>();
    m_paused = m_stopped = false;
    m_bridge.run(
        this,
        [hosts = m_hosts, session, folder, file, lines, workItem, socket](const JobContext& job) {
            CheckOutcome outcome =
                CheckRun::debug(session, folder, file, lines, workItem, socket, job, hosts);
            outcome.run.sources.clear(); // the buffers stay in the host that goes now
            outcome.hosts.reset();       // the controller's reference is the last one
            return outcome;
        },
        [this](JobResult<CheckOutcome> result) {
            const bool stopped = m_stopped;
            releaseOnWorker(m_bridge, std::move(m_hosts));
            m_channel->close();
            m_paused = false;
            if (stopped)
                Q_EMIT ended(tr("The debug run was stopped."));
            else if (!result.ok())
                Q_EMIT ended(result.error().message);
            else
                Q_EMIT ended(CheckRun::failureOf(result.value().run));
        });
    Q_EMIT started();
    return true;
}

void DebugController::onMessage(const nlohmann::json& message) {
    const std::string event = message.value("event", std::string());
    if (event == "paused") {
        DebugStop stop;
        stop.reason = QString::fromStdString(message.value("reason", std::string()));
        stop.kernel = QString::fromStdString(message.value("kernel", std::string()));
        const auto ids = message.value("workItem", std::vector<std::uint64_t>{});
        for (size_t i = 0; i < ids.size() && i < 3; ++i)
            stop.workItem[i] = ids[i];
        const QString file = QString::fromStdString(message.value("file", std::string()));
        stop.file = file == QLatin1String("input.cl") ? m_mainFile : file;
        stop.line = message.value("line", 0);
        stop.column = message.value("column", 0);
        stop.depth = message.value("depth", 0);
        for (const nlohmann::json& local : message.value("locals", nlohmann::json::array())) {
            DebugLocal entry;
            entry.name = QString::fromStdString(local.value("name", std::string()));
            entry.type = QString::fromStdString(local.value("type", std::string()));
            const nlohmann::json& value = local["value"];
            if (value.is_array())
                for (const nlohmann::json& part : value)
                    entry.values << number(part);
            else
                entry.values << number(value);
            stop.locals.append(entry);
        }
        const engine::SessionLaunch* launch = nullptr;
        for (const engine::SessionLaunch& each : m_session.launches)
            if (QString::fromStdString(each.kernel) == stop.kernel && !launch)
                launch = &each;
        for (const nlohmann::json& entry : message.value("memory", nlohmann::json::array())) {
            DebugMemory memory;
            memory.argument = entry.value("argument", -1);
            memory.local = entry.value("space", std::string()) == "local";
            memory.name = QString::fromStdString(entry.value("name", std::string()));
            if (launch && memory.argument >= 0 &&
                size_t(memory.argument) < launch->arguments.size() &&
                launch->arguments[size_t(memory.argument)].kind ==
                    engine::SessionArgument::Kind::Buffer)
                memory.name =
                    QString::fromStdString(launch->arguments[size_t(memory.argument)].buffer);
            memory.bytes = QByteArray::fromBase64(
                QByteArray::fromStdString(entry.value("base64", std::string())));
            stop.memory.append(memory);
        }
        m_paused = true;
        Q_EMIT paused(stop);
    } else if (event == "problem") {
        Q_EMIT problem(QString::fromStdString(message.value("message", std::string())));
    } else if (event == "finished") {
        Q_EMIT kernelFinished(QString::fromStdString(message.value("kernel", std::string())));
    }
}

void DebugController::command(const char* verb) {
    if (!m_paused)
        return;
    m_paused = false;
    m_channel->send({{"command", verb}});
    Q_EMIT resumed();
}

void DebugController::continueRun() {
    command("continue");
}

void DebugController::stepOver() {
    command("stepOver");
}

void DebugController::stepInto() {
    command("stepInto");
}

void DebugController::stepOut() {
    command("stepOut");
}

void DebugController::toBarrier() {
    command("toBarrier");
}

void DebugController::follow(const engine::CheckIds& workItem) {
    if (!m_paused)
        return;
    m_paused = false;
    m_channel->send({{"command", "follow"}, {"workItem", workItem}});
    Q_EMIT resumed();
}

void DebugController::stop() {
    if (!m_hosts)
        return;
    m_stopped = true;
    m_hosts->stopAll(tr("The debug run was stopped"));
}

} // namespace clw::ui
