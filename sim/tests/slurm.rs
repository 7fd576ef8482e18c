//! A real one-node Slurm cluster on the test machine: `munged`, `slurmctld` and `slurmd` run as
//! this test's own processes in a temporary folder with a generated `slurm.conf`; the deploy
//! script (`deploy/slurm/submit.sh`) submits a job array and the dependent merge with `sbatch`;
//! the merged files must equal a single-process run's. Needs root and Debian's `slurmctld`,
//! `slurmd`, `slurm-client` and `munge` packages; without them the test is skipped with a
//! notice unless `CARDSIM_REQUIRE_SLURM=1` (which `.ci/run` sets after installing them).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod common;
use common::Tmp;

fn which(p: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/sbin")])
        .map(|d| d.join(p))
        .find(|f| f.is_file())
}

/// The daemons and clients, or `None` (skip).
fn programs() -> Option<Vec<PathBuf>> {
    let names = [
        "munged",
        "mungekey",
        "slurmctld",
        "slurmd",
        "sbatch",
        "sinfo",
        "squeue",
    ];
    let found: Option<Vec<PathBuf>> = names.iter().map(|n| which(n)).collect();
    // The daemons run as this test's user, which must be root to start jobs as itself.
    let root = Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false);
    let found = found.filter(|_| root).map(|v| v[0].clone());
    common::outside_program(
        "slurm_array_and_merge",
        "a one-node Slurm cluster (root, with munged, mungekey, slurmctld, slurmd, sbatch, sinfo, squeue)",
        "CARDSIM_REQUIRE_SLURM",
        found,
        "install them with `apt-get install slurmctld slurmd slurm-client munge` and run as root; .ci/run does",
    )?;
    Some(names.iter().map(|n| which(n).expect("found")).collect())
}

/// Stops the daemons whose pid files are in the folder, whatever happens to the test.
struct Daemons(PathBuf);

impl Drop for Daemons {
    fn drop(&mut self) {
        for f in ["slurmd.pid", "slurmctld.pid", "munged.pid"] {
            if let Ok(pid) = std::fs::read_to_string(self.0.join(f)) {
                let _ = Command::new("kill").arg(pid.trim()).status();
            }
        }
    }
}

fn run(cmd: &mut Command) -> String {
    let o = cmd.output().expect("runs");
    assert!(
        o.status.success(),
        "{cmd:?}: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn conf(d: &Path, host: &str, port: u16) -> String {
    let d = d.display();
    format!(
        "ClusterName=cardsimtest
SlurmctldHost={host}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={d}/munge.sock
SlurmctldPort={port}
SlurmdPort={}
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/log/slurmctld.log
SlurmdLogFile={d}/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName={host} CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
",
        port + 1
    )
}

fn wait_for(what: &str, limit: Duration, mut done: impl FnMut() -> bool, logs: &Path) {
    let t = Instant::now();
    while !done() {
        if t.elapsed() > limit {
            let log = |f: &str| std::fs::read_to_string(logs.join(f)).unwrap_or_default();
            panic!(
                "{what}: not after {limit:?}\nslurmctld.log:\n{}\nslurmd.log:\n{}",
                log("slurmctld.log"),
                log("slurmd.log")
            );
        }
        std::thread::sleep(Duration::from_millis(300));
    }
}

#[test]
fn slurm_array_and_merge() {
    let Some(p) = programs() else { return };
    let [munged, mungekey, slurmctld, slurmd, sbatch_dir, sinfo, squeue] = &p[..] else {
        unreachable!()
    };
    let t = Tmp::new("slurm");
    let d = t.0.clone();
    for sub in ["state", "spool", "log"] {
        std::fs::create_dir_all(d.join(sub)).unwrap();
    }
    let host = run(Command::new("hostname").arg("-s")).trim().to_string();
    // Ports away from a real cluster's 6817/6818, varied by process so runs do not collide.
    let port = 46_000 + (std::process::id() % 1000) as u16 * 2;
    let slurm_conf = d.join("slurm.conf");
    std::fs::write(&slurm_conf, conf(&d, &host, port)).unwrap();
    let key = d.join("munge.key");
    run(Command::new(mungekey)
        .arg("--create")
        .arg(format!("--keyfile={}", key.display())));
    let _daemons = Daemons(d.clone());
    run(Command::new(munged)
        .arg("--force")
        .arg(format!("--key-file={}", key.display()))
        .arg(format!("--socket={}/munge.sock", d.display()))
        .arg(format!("--pid-file={}/munged.pid", d.display()))
        .arg(format!("--log-file={}/log/munged.log", d.display()))
        .arg(format!("--seed-file={}/munge.seed", d.display())));
    run(Command::new(slurmctld).arg("-f").arg(&slurm_conf));
    run(Command::new(slurmd).arg("-f").arg(&slurm_conf));
    let logs = d.join("log");
    wait_for(
        "the node is idle",
        Duration::from_secs(60),
        || {
            Command::new(sinfo)
                .args(["-h", "-o", "%T"])
                .env("SLURM_CONF", &slurm_conf)
                .output()
                .map(|o| String::from_utf8_lossy(&o.stdout).contains("idle"))
                .unwrap_or(false)
        },
        &logs,
    );

    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let deck = |n: &str| repo.join("data/tyrant/decks").join(n).display().to_string();
    let args = format!(
        "run --deck {} --vs {} --games 30000 --seed 11 --quiet",
        deck("bruisers.txt"),
        deck("flyers.txt")
    );
    let job = d.join("job");
    let submitted = run(Command::new(repo.join("deploy/slurm/submit.sh"))
        .args(["--array=0-3", "--cpus-per-task=1"])
        .current_dir(&d)
        .env("SLURM_CONF", &slurm_conf)
        .env(
            "PATH",
            format!(
                "{}:{}",
                sbatch_dir.parent().unwrap().display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .env("CARDSIM", env!("CARGO_BIN_EXE_cardsim"))
        .env("JOB_DIR", &job)
        .env("CARDSIM_ARGS", &args));
    assert!(
        submitted.contains("array ") && submitted.contains("merge "),
        "{submitted}"
    );
    wait_for(
        "the merged outputs",
        Duration::from_secs(180),
        || job.join("manifest.json").exists(),
        &logs,
    );
    // Every task ran as a shard of the array, and the merge waited for them.
    for k in 0..4 {
        assert!(job
            .join(format!("shard-000{k}-of-0004/shard.json"))
            .exists());
    }
    // The merge job writes its report after manifest.json and then leaves the queue: wait for
    // that (asserting at once raced with it), so no job of the test is left behind.
    wait_for(
        "the queue to empty",
        Duration::from_secs(60),
        || {
            !run(Command::new(squeue)
                .arg("-h")
                .env("SLURM_CONF", &slurm_conf))
            .contains("cardsim")
        },
        &logs,
    );

    let one = d.join("one");
    let mut a: Vec<String> = args.split(' ').map(String::from).collect();
    a.extend(["--out".to_string(), one.display().to_string()]);
    run(Command::new(env!("CARGO_BIN_EXE_cardsim")).args(&a));
    for f in ["summary.csv", "turns.csv", "cards.csv"] {
        assert_eq!(
            std::fs::read(one.join(f)).unwrap(),
            std::fs::read(job.join(f)).unwrap(),
            "{f} of the Slurm job differs from the single-process run"
        );
    }
}
