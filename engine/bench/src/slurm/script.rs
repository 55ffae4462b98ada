//! The sbatch array script: one task per shard, each running `nhbot bench games … --shard
//! $SLURM_ARRAY_TASK_ID/N` into the shared output directory.

use std::fmt::Write;
use std::path::Path;

use super::SlurmConfig;

/// The line of the script that runs a task; a resumed run must have the same one (the shards'
/// settings would not match otherwise).
pub const TASK_LINE_PREFIX: &str = "exec ";

/// The whole script. `--array=1-N` is in it, so it can be submitted by hand; a resubmission of
/// some shards overrides it on sbatch's command line.
pub fn sbatch_script(cfg: &SlurmConfig, log_dir: &Path) -> String {
    let mut s = String::from("#!/bin/bash\n");
    let mut directive = |arg: String| {
        let _ = writeln!(s, "#SBATCH {arg}");
    };
    directive(format!("--job-name={}", cfg.job_name));
    directive(format!("--array=1-{}", cfg.tasks));
    // %A is the array's job id, %a the task (= shard) index.
    directive(format!(
        "--output={}",
        log_dir.join("%A_%a.log").to_string_lossy()
    ));
    directive(format!("--chdir={}", cfg.workdir.to_string_lossy()));
    directive("--ntasks=1".into());
    directive(format!("--cpus-per-task={}", cfg.cpus_per_task));
    if let Some(p) = &cfg.partition {
        directive(format!("--partition={p}"));
    }
    if let Some(t) = &cfg.time {
        directive(format!("--time={t}"));
    }
    for arg in &cfg.sbatch_args {
        directive(arg.clone());
    }
    let _ = write!(
        s,
        "\n# Shard i of {n} is array task i (both 1-based). A task rerun plays only the seeds its\n\
         # shard directory does not have yet. The output directory must be on a filesystem\n\
         # shared by the nodes.\n\
         set -eu\n\
         echo \"nhbot bench: shard $SLURM_ARRAY_TASK_ID/{n} of job $SLURM_ARRAY_JOB_ID on $(hostname)\"\n\
         {}\n",
        task_line(cfg),
        n = cfg.tasks
    );
    s
}

/// `exec '<nhbot>' 'bench' 'games' … --shard "$SLURM_ARRAY_TASK_ID/N"`.
pub fn task_line(cfg: &SlurmConfig) -> String {
    let mut line = String::from(TASK_LINE_PREFIX);
    for arg in &cfg.task_command {
        line.push_str(&shell_quote(arg));
        line.push(' ');
    }
    let _ = write!(line, "--shard \"$SLURM_ARRAY_TASK_ID/{}\"", cfg.tasks);
    line
}

/// The task line of a script written before, if it has one.
pub fn find_task_line(script: &str) -> Option<&str> {
    script.lines().find(|l| l.starts_with(TASK_LINE_PREFIX))
}

/// One word for the shell, whatever it holds.
pub fn shell_quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

/// Slurm's `--array` list of task indices: sorted, runs compressed (`1-3,5`).
pub fn array_spec(tasks: &[u32]) -> String {
    let mut tasks = tasks.to_vec();
    tasks.sort_unstable();
    tasks.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < tasks.len() {
        let start = tasks[i];
        while i + 1 < tasks.len() && tasks[i + 1] == tasks[i] + 1 {
            i += 1;
        }
        parts.push(if tasks[i] == start {
            start.to_string()
        } else {
            format!("{start}-{}", tasks[i])
        });
        i += 1;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn config() -> SlurmConfig {
        SlurmConfig {
            task_command: vec![
                "/opt/nhbot/bin/nhbot".into(),
                "bench".into(),
                "games".into(),
                "--tree".into(),
                "trees/my tree.yaml".into(),
                "--seeds".into(),
                "1..8".into(),
                "--out".into(),
                "runs/s".into(),
            ],
            seeds: (1..=8).collect(),
            comparison: false,
            out: PathBuf::from("runs/s"),
            workdir: PathBuf::from("/home/me/nhbot"),
            tasks: 4,
            cpus_per_task: 2,
            partition: Some("short".into()),
            time: Some("01:30:00".into()),
            sbatch_args: vec!["--qos=low".into(), "--mem=2G".into()],
            job_name: "nhbot-bench".into(),
        }
    }

    #[test]
    fn the_script_runs_one_shard_per_array_task_with_every_option() {
        let cfg = config();
        let script = sbatch_script(&cfg, Path::new("/home/me/nhbot/runs/s/slurm/logs"));
        let directives: Vec<&str> = script
            .lines()
            .filter_map(|l| l.strip_prefix("#SBATCH "))
            .collect();
        assert_eq!(
            directives,
            vec![
                "--job-name=nhbot-bench",
                "--array=1-4",
                "--output=/home/me/nhbot/runs/s/slurm/logs/%A_%a.log",
                "--chdir=/home/me/nhbot",
                "--ntasks=1",
                "--cpus-per-task=2",
                "--partition=short",
                "--time=01:30:00",
                "--qos=low",
                "--mem=2G",
            ]
        );
        assert!(script.starts_with("#!/bin/bash\n"));
        // The path with a space stays one word; the shard comes from the array index.
        assert_eq!(
            find_task_line(&script),
            Some(
                "exec /opt/nhbot/bin/nhbot bench games --tree 'trees/my tree.yaml' --seeds 1..8 \
                 --out runs/s --shard \"$SLURM_ARRAY_TASK_ID/4\""
            )
        );
    }

    #[test]
    fn optional_directives_are_left_out() {
        let cfg = SlurmConfig {
            partition: None,
            time: None,
            sbatch_args: vec![],
            ..config()
        };
        let script = sbatch_script(&cfg, Path::new("/l"));
        assert!(!script.contains("--partition") && !script.contains("--time"));
        assert_eq!(script.matches("#SBATCH").count(), 6);
    }

    #[test]
    fn shell_words_survive_quotes_and_dollars() {
        assert_eq!(shell_quote("1..10,42"), "1..10,42");
        assert_eq!(shell_quote("it's $HOME"), r"'it'\''s $HOME'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn array_lists_compress_runs() {
        assert_eq!(array_spec(&[1, 2, 3, 4]), "1-4");
        assert_eq!(array_spec(&[5, 1, 3, 2]), "1-3,5");
        assert_eq!(array_spec(&[2, 4, 6]), "2,4,6");
        assert_eq!(array_spec(&[7]), "7");
    }
}
